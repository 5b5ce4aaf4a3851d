import Effects
import Redux
import Synchronization
import Testing

/// Remembering middlewares: what they remember of the state before each action, what that
/// costs, and that one value serves any number of stores.
@Suite struct AnyMiddlewareTests {
    @Test("a remembering middleware sees what it remembered before the action and the state after")
    func seesBeforeAndAfter() {
        let log = EventLog<String>()
        let store = Store.counter(middlewares: [
            AnyMiddleware(remembering: \.count) { state, countBefore, action in
                log.append("\(action): \(countBefore) → \(state.count)")
                return .none
            }
        ])

        store.dispatch(.increment)
        store.dispatch(.ping)
        store.dispatch(.add(5))

        #expect(log.entries == ["increment: 0 → 1", "ping: 1 → 1", "add(5): 1 → 6"])
    }

    @Test("beforeAndAfter remembers the whole state")
    func wholeState() {
        let log = EventLog<String>()
        let store = Store.counter(middlewares: [
            .beforeAndAfter { state, before, action in
                log.append("\(action): \(before) → \(state)")
                return .none
            }
        ])

        store.dispatch(.add(2))

        #expect(log.entries == ["add(2): Counter(count: 0) → Counter(count: 2)"])
    }

    @Test("middlewares of both forms run in the order given, and their effects are dispatched")
    func formsMixInOrder() {
        let log = EventLog<String>()
        let store = Store.counter(middlewares: [
            AnyMiddleware { state, action in
                log.append("plain saw \(action) → \(state.count)")
                return .none
            },
            AnyMiddleware(remembering: \.count) { state, countBefore, action in
                log.append("remembering saw \(action): \(countBefore) → \(state.count)")
                return action == .ping ? .just(.increment) : .none
            },
        ])

        store.dispatch(.ping)

        #expect(
            log.entries == [
                "plain saw ping → 0", "remembering saw ping: 0 → 0",
                "plain saw increment → 1", "remembering saw increment: 0 → 1",
            ])
    }

    /// A state whose one field is an object, so that the reducer can tell whether the store holds
    /// another copy of the state while it reduces (the copy would share the object).
    struct Shared: Sendable {
        final class Buffer: Sendable {}
        var buffer = Buffer()
        var count = 0
    }

    /// A store of ``Shared`` whose reducer notes, for every action, whether it found the state's
    /// buffer referenced by the state alone (as an array would be, which it then changes without
    /// copying).
    func uniqueness(with middlewares: [AnyMiddleware<Shared, CounterAction>]) -> [Bool] {
        let unique = EventLog<Bool>()
        let store = Store<Shared, CounterAction>(
            initial: Shared(),
            mutatingReducer: { state, _ in
                unique.append(isKnownUniquelyReferenced(&state.buffer))
                state.count += 1
            },
            middlewares: middlewares
        )
        for _ in 0..<3 {
            store.dispatch(.increment)
        }
        return unique.entries
    }

    @Test(
        "stores whose middlewares remember nothing, or only a projection, copy nothing of the state before an action"
    )
    func projectionsCostNoCopy() {
        #expect(uniqueness(with: []) == [true, true, true])
        #expect(uniqueness(with: [AnyMiddleware { _, _ in .none }]) == [true, true, true])
        #expect(
            uniqueness(with: [AnyMiddleware(remembering: \.count) { _, _, _ in .none }]) == [
                true, true, true,
            ])
    }

    @Test("remembering the whole state copies it: the reducer finds the state shared")
    func wholeStateCostsACopy() {
        #expect(uniqueness(with: [.beforeAndAfter { _, _, _ in .none }]) == [false, false, false])
    }

    @Test("one middleware value serves two stores at once: each store remembers for itself")
    func sharedBetweenStores() {
        let mismatches = Atomic(0)
        let calls = Atomic(0)
        let everyIncrementCountsOne = AnyMiddleware<Counter, CounterAction>(remembering: \.count) {
            state, countBefore, action in
            calls.add(1, ordering: .relaxed)
            if action == .increment, state.count != countBefore + 1 {
                mismatches.add(1, ordering: .relaxed)
            }
            return .none
        }
        let stores = [
            Store.counter(middlewares: [everyIncrementCountsOne]),
            Store.counter(middlewares: [everyIncrementCountsOne]),
        ]

        onThreads(2) { index in
            for step in 0..<20_000 {
                stores[index].dispatch(step.isMultiple(of: 3) ? .add(7) : .increment)
            }
        }

        #expect(calls.load(ordering: .relaxed) == 40_000)
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}

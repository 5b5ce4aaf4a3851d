import Effects
import Redux
import ConcurrencyTestSupport
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
        let mismatches = TestAtomic(0)
        let calls = TestAtomic(0)
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

    @Test("the first action sees what was remembered of the store's initial state")
    func firstActionSeesTheInitialState() {
        let log = EventLog<String>()
        let store = Store.counter(
            count: 7,
            middlewares: [
                AnyMiddleware(remembering: \.count) { state, countBefore, action in
                    log.append("\(action): \(countBefore) → \(state.count)")
                    return .none
                }
            ])

        store.dispatch(.increment)

        #expect(log.entries == ["increment: 7 → 8"])
    }

    @Test("an action an interceptor drops leaves what was remembered as it was")
    func droppedActionRemembersNothing() {
        let log = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    if action != .pong { next(action) }
                }
            ],
            middlewares: [
                AnyMiddleware(remembering: \.count) { state, countBefore, action in
                    log.append("\(action): \(countBefore) → \(state.count)")
                    return .none
                }
            ]
        )

        store.dispatch(.add(2))
        store.dispatch(.pong)
        store.dispatch(.add(3))

        #expect(log.entries == ["add(2): 0 → 2", "add(3): 2 → 5"])
    }

    @Test(
        "a pulled-back remembering middleware sees its feature's state before each of its actions, whatever changed it"
    )
    func pulledBackSeesChangesByOtherActions() {
        let log = EventLog<String>()
        let counting = AnyMiddleware<Counter, CounterAction>(remembering: \.count) {
            state, countBefore, action in
            log.append("\(action): \(countBefore) → \(state.count)")
            return .none
        }
        let store = Store(
            initial: Tally(),
            mutatingReducer: tallyReducer,
            middlewares: [counting.pullback(state: \.counter, action: TallyAction.counterPath)]
        )

        store.dispatch(.counter(.increment))
        // The app's own action: the feature's middleware is not called for it.
        store.dispatch(.setCounter(10))
        store.dispatch(.counter(.increment))

        #expect(log.entries == ["increment: 0 → 1", "increment: 10 → 11"])
    }

    @Test("what a remembering middleware keeps is released outside the store's lock")
    func rememberedValueReleasedOutsideTheLock() {
        let reference = StoreReference<Counter, CounterAction>()
        let reads = TestAtomic(0)
        // Each remembered value, once replaced, reads the store as it goes.
        final class Reading: Sendable {
            let onRelease: @Sendable () -> Void
            init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
            deinit { onRelease() }
        }
        let store = Store.counter(middlewares: [
            AnyMiddleware(remembering: { _ in
                Reading {
                    _ = reference.store?.state
                    reads.add(1, ordering: .relaxed)
                }
            }) { _, _, _ in .none }
        ])
        reference.refer(to: store)

        store.dispatch(.increment)
        store.dispatch(.increment)

        #expect(store.state.count == 2)
        #expect(reads.load(ordering: .relaxed) == 2)
    }
}

/// A counter beside an app's own field, for the pullback test above: the app can set the
/// counter itself, with an action the counter's middleware never sees.
private struct Tally: Equatable, Sendable {
    var counter = Counter()
}

private enum TallyAction: Equatable, Sendable {
    case counter(CounterAction)
    case setCounter(Int)

    static let counterPath = ActionPath<TallyAction, CounterAction>(embed: TallyAction.counter) {
        guard case .counter(let action) = $0 else { return nil }
        return action
    }
}

private let tallyReducer: MutatingReducer<Tally, TallyAction> = { tally, action in
    switch action {
    case .counter(let action): tally.counter = counterReducer(tally.counter, action)
    case .setCounter(let count): tally.counter.count = count
    }
}

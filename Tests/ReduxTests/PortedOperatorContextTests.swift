import Effects
import Redux
import Testing

/// The operators ported from Combine for issue 28 hand the store's `EffectContext` on to what
/// they wrap, so a cancellation id inside them keeps its meaning: `cancel(id:)` stops a
/// delayed effect marked with it, wherever the operator sits, and leaves nothing running.
@Suite struct PortedOperatorContextTests {
    private enum Action: Sendable, Equatable {
        case start, stop, tick
        /// The answers of the operators that reduce the stream to one value.
        case count(Int)
        case answer(Bool)
    }

    private struct Log: Sendable {
        var received: [Action] = []
    }

    /// What arrives for one operator: when the inner effect is cancelled (it finishes then, so
    /// an operator that reduces the stream answers for an empty one), and when it runs.
    private struct Expected {
        let whenCancelled: [Action]
        let whenRun: [Action]
    }

    /// Each operator, applied to an effect and turned back into an effect of actions.
    private static let operators: [String: @Sendable (Effect<Action>) -> Effect<Action>] = [
        "dropFirst": { Effect($0.dropFirst(0)) },
        "drop(while:)": { Effect($0.drop { _ in false }) },
        "prefix(while:)": { Effect($0.prefix { _ in true }) },
        "output(in:)": { Effect($0.output(in: 0...)) },
        "ignoreOutput": { Effect($0.ignoreOutput().map(absurd)) },
        "count": { Effect($0.count().map { .count($0) }) },
        "reduce": { Effect($0.reduce(0) { count, _ in count + 1 }.map { .count($0) }) },
        "last": { Effect($0.last()) },
        "last(where:)": { Effect($0.last { _ in true }) },
        "contains": { Effect($0.contains(.tick).map { .answer($0) }) },
        "allSatisfy": { Effect($0.allSatisfy { $0 != .tick }.map { .answer($0) }) },
        "prepend": { Effect($0.prepend([Action]())) },
        "append": { Effect($0.append([Action]())) },
        "merge(with:_:_:)": { Effect($0.merge(with: .none, .none)) },
        "share": { Effect($0.share()) },
    ]

    private static func expected(_ name: String) -> Expected {
        switch name {
        case "ignoreOutput": Expected(whenCancelled: [], whenRun: [])
        case "count", "reduce": Expected(whenCancelled: [.count(0)], whenRun: [.count(1)])
        case "contains": Expected(whenCancelled: [.answer(false)], whenRun: [.answer(true)])
        case "allSatisfy": Expected(whenCancelled: [.answer(true)], whenRun: [.answer(false)])
        default: Expected(whenCancelled: [], whenRun: [.tick])
        }
    }

    private func store(_ name: String, scheduler: TestScheduler) -> Store<Log, Action> {
        let wrap = Self.operators[name]!
        return Store(
            initial: Log(),
            mutatingReducer: { log, action in
                if action != .start, action != .stop { log.received.append(action) }
            },
            middlewares: [
                { _, action in
                    switch action {
                    case .start:
                        wrap(
                            Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                                .cancellable(id: "timer"))
                    case .stop: .cancel(id: "timer")
                    default: .none
                    }
                }
            ]
        )
    }

    @Test("cancel(id:) reaches an effect inside the operator", arguments: operators.keys.sorted())
    func cancelReachesInside(_ name: String) {
        let scheduler = TestScheduler()
        let store = store(name, scheduler: scheduler)
        store.dispatch(.start)
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.stop)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(store.state.received == Self.expected(name).whenCancelled)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("without the cancel, the effect runs to its end", arguments: operators.keys.sorted())
    func runsWithoutCancel(_ name: String) {
        let scheduler = TestScheduler()
        let store = store(name, scheduler: scheduler)
        store.dispatch(.start)
        scheduler.advance(by: .seconds(2))
        #expect(store.state.received == Self.expected(name).whenRun)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }
}

/// Turns a value that cannot exist into any type: what `map` needs after `ignoreOutput()`.
private func absurd<T>(_ never: Never) -> T {}

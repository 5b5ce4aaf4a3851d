import Effects
import Redux
import ReduxTesting
import Testing

private struct Ticks: Equatable, Sendable {
    var count = 0
}

private enum TickAction: Equatable, Sendable {
    case start
    case stop
    case fail
    case tick
}

private struct Broken: Error {}

private let ticksReducer: MutatingReducer<Ticks, TickAction> = { state, action in
    if action == .tick { state.count += 1 }
}

private enum TickID: Hashable, Sendable {
    case ticking
}

/// Starts a throwing `Effect.run` with no `catch:`: one that sleeps then ticks, or one that
/// throws at once.
private func ticking(clock: some Clock<Duration>) -> Middleware<Ticks, TickAction> {
    { _, action in
        switch action {
        case .start:
            let effect: Effect<TickAction> = Effect.run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.tick)
            }
            return effect.cancellable(id: TickID.ticking)
        case .stop:
            return .cancel(id: TickID.ticking)
        case .fail:
            return Effect.run { _ in throw Broken() }
        case .tick:
            return .none
        }
    }
}

@Suite struct EffectRunThrowingTests {
    private func makeStore() -> TestStore<Ticks, TickAction> {
        let scheduler = TestScheduler()
        return TestStore(
            initial: Ticks(), mutatingReducer: ticksReducer, scheduler: scheduler,
            middlewares: [ticking(clock: scheduler.clock)])
    }

    @Test("a throwing Effect.run without catch: sends as any other when nothing throws")
    func throwingRunSends() async {
        let store = makeStore()
        await store.send(.start)
        store.advance(by: .seconds(1))
        await store.receive(.tick) { $0.count = 1 }
        await store.finish()
    }

    @Test("a throwing Effect.run cancelled while it sleeps reports nothing")
    func cancelledIsNotReported() async {
        // The test store fails on any report: this passes only if the cancellation is not one.
        let store = makeStore()
        await store.send(.start)
        await store.send(.stop)
        await store.finish()
    }

    #if DEBUG
    @Test("an error a throwing Effect.run without catch: throws fails the TestStore's test")
    func uncaughtErrorFails() async {
        let store = makeStore()
        await withKnownIssue {
            await store.send(.fail)
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("has no catch:") }
        }
    }
    #endif
}

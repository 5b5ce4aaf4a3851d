// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Synchronization
import Testing

// The examples of the Testing on virtual time article
// (Sources/ReduxTesting/ReduxTesting.docc/TestingOnVirtualTime.md), compiled and run; the Coming
// from TCA article quotes some of them too. DocumentationSnippetTests checks that the articles
// quote them as they are here: change both together.

/// The tea timer's countdown as async work on an injected clock: one tick a second.
func countingDown(clock: some Clock<Duration>) -> Middleware<TeaTimer, TeaAction> {
    { state, action in
        switch action {
        case .steep(let seconds):
            return .run { send in
                for _ in 0..<seconds {
                    guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                    await send(.tick)
                }
            }
            .cancellable(id: "steeping", cancelInFlight: true)
        case .stop:
            return .cancel(id: "steeping")
        default:
            return .none
        }
    }
}

@Suite struct TestingOnVirtualTimeTests {
    // The article's example uses the toolchain's `Mutex`, which Apple platforms have from macOS
    // 15 / iOS 18 on.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a TestScheduler runs work only when the test moves its clock")
    func schedulerAlone() {
        let scheduler = TestScheduler()
        let seen = Mutex<[Duration]>([])
        let cancellable = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
            .prefix(3)
            .sink { time in seen.withLock { $0.append(time) } }

        scheduler.advance(by: .milliseconds(2500))
        #expect(seen.withLock { $0 } == [.seconds(1), .seconds(2)])
        scheduler.run()
        #expect(seen.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(scheduler.pendingWorkCount == 0)
        _ = cancellable
    }

    @Test("a middleware's effect can be checked without a store: it is a value")
    func effectIsAValue() {
        let middleware = steeping(scheduler: TestScheduler())
        let effect = middleware(TeaTimer(secondsLeft: 5, isSteeping: true), .stop)
        #expect(effect.description == "Cancel(id: steeping)")
    }

    @Test("nothing arrives before its time")
    func nothingBeforeItsTime() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [steeping(scheduler: scheduler)]
        )
        store.send(.steep(seconds: 3)) { $0.secondsLeft = 3; $0.isSteeping = true }
        store.advance(by: .milliseconds(999))
        #expect(store.receivedActions.isEmpty)   // the first tick is still to come
        store.advance(by: .milliseconds(1))
        #expect(store.receivedActions == [.tick])
        store.receive(.tick) { $0.secondsLeft = 2 }
        store.send(.stop) { $0.isSteeping = false }
        store.finish()
    }

    @Test("the async countdown, on the scheduler's clock: two ticks, then ready")
    func asyncCountdown() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [countingDown(clock: scheduler.clock)]
        )
        await store.send(.steep(seconds: 2)) { $0.secondsLeft = 2; $0.isSteeping = true }
        store.advance(by: .seconds(1))
        await store.receive(.tick) { $0.secondsLeft = 1 }
        store.advance(by: .seconds(1))
        await store.receive(.tick) { $0.secondsLeft = 0; $0.isSteeping = false; $0.isReady = true }
        await store.finish()
    }

    @Test("stopping the async countdown cancels its task mid-sleep")
    func asyncStop() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [countingDown(clock: scheduler.clock)]
        )
        await store.send(.steep(seconds: 60)) { $0.secondsLeft = 60; $0.isSteeping = true }
        store.advance(by: .milliseconds(500))
        await store.send(.stop) { $0.isSteeping = false }
        store.advance(by: .seconds(60))
        await store.finish()
    }

    @Test("with exhaustivity off, a test checks only the outcome it cares about")
    func notExhaustive() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [steeping(scheduler: scheduler)]
        )
        store.exhaustivity = .off
        store.send(.steep(seconds: 180))
        store.advance(by: .seconds(180))
        store.skipReceivedActions()
        #expect(store.state.isReady)
        store.finish()
    }

    @Test("receive(where:) matches an action by a predicate")
    func receiveWhere() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Kitchen(),
            mutatingReducer: kitchenReducer,
            scheduler: scheduler,
            middlewares: kitchenMiddlewares(scheduler: scheduler)
        )
        store.send(.tea(.steep(seconds: 1))) { $0.tea = TeaTimer(secondsLeft: 1, isSteeping: true) }
        store.advance(by: .seconds(1))
        store.receive(where: { if case .tea = $0 { true } else { false } }) {
            $0.tea = TeaTimer(secondsLeft: 0, isReady: true)
        }
        store.finish()
    }
}

import Effects
import ReduxTesting
import Testing
import Timers

private func makeStore(_ initial: Stopwatches = Stopwatches()) -> TestStore<
    Stopwatches, StopwatchesAction
> {
    let scheduler = TestScheduler()
    return TestStore(
        initial: initial,
        mutatingReducer: stopwatchesReducer,
        scheduler: scheduler,
        middlewares: stopwatchesMiddlewares(clock: scheduler.clock)
    )
}

/// A list with two stopped stopwatches, 1 and 2.
private func twoWatches() -> Stopwatches {
    var list = Stopwatches()
    list.watches = [Stopwatch(id: 1), Stopwatch(id: 2)]
    list.nextID = 3
    return list
}

@Suite struct TimersTests {
    @Test("a started stopwatch counts a second at a time until it is stopped")
    func countsUntilStopped() async {
        let store = makeStore(twoWatches())
        await store.send(.watch(id: 1, .start)) { $0.watches[id: 1]?.isRunning = true }
        store.advance(by: .seconds(1))
        await store.receive(.watch(id: 1, .tick)) { $0.watches[id: 1]?.seconds = 1 }
        store.advance(by: .seconds(1))
        await store.receive(.watch(id: 1, .tick)) { $0.watches[id: 1]?.seconds = 2 }
        await store.send(.watch(id: 1, .stop)) { $0.watches[id: 1]?.isRunning = false }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("two stopwatches tick on their own: stopping one leaves the other running")
    func independentStopwatches() async {
        let store = makeStore(twoWatches())
        await store.send(.watch(id: 1, .start)) { $0.watches[id: 1]?.isRunning = true }
        store.advance(by: .milliseconds(500))
        await store.send(.watch(id: 2, .start)) { $0.watches[id: 2]?.isRunning = true }
        store.advance(by: .milliseconds(500))
        await store.receive(.watch(id: 1, .tick)) { $0.watches[id: 1]?.seconds = 1 }
        await store.send(.watch(id: 1, .stop)) { $0.watches[id: 1]?.isRunning = false }
        store.advance(by: .milliseconds(500))
        await store.receive(.watch(id: 2, .tick)) { $0.watches[id: 2]?.seconds = 1 }
        await store.send(.watch(id: 2, .stop)) { $0.watches[id: 2]?.isRunning = false }
        await store.finish()
    }

    @Test("removing a running stopwatch ends its ticking: nothing more arrives")
    func removingEndsTheTicking() async {
        let store = makeStore(twoWatches())
        await store.send(.watch(id: 2, .start)) { $0.watches[id: 2]?.isRunning = true }
        store.advance(by: .seconds(1))
        await store.receive(.watch(id: 2, .tick)) { $0.watches[id: 2]?.seconds = 1 }
        await store.send(.remove(id: 2)) { $0.watches.remove(id: 2) }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("added stopwatches get the next ids, stopped at zero")
    func adding() async {
        let store = makeStore()
        await store.send(.add) {
            $0.watches = [Stopwatch(id: 1)]
            $0.nextID = 2
        }
        await store.send(.add) {
            $0.watches.append(Stopwatch(id: 2))
            $0.nextID = 3
        }
        await store.finish()
    }
}

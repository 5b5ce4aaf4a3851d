import Effects
import Redux
import ReduxTesting
import Testing

@Suite struct TestStoreThunkTests {
    @Test("a thunk on a TestStore reads the state the store has reached")
    func thunkReadsTheState() {
        let store = TestStore(initial: TeaTimer(), mutatingReducer: teaReducer)
        store.run { getState in
            getState().isSteeping ? .none : .just(.steep(seconds: 60))
        }
        store.receive(.steep(seconds: 60)) {
            $0.secondsLeft = 60; $0.isSteeping = true
        }
        store.run { getState in
            getState().isSteeping ? .none : .just(.steep(seconds: 60))
        }
        #expect(store.receivedActions.isEmpty)
        store.finish()
    }

    @Test("a thunk's effect still running when the test ends fails it")
    func unfinishedThunkFails() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(), mutatingReducer: teaReducer, scheduler: scheduler)
        store.run(Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler))
        withKnownIssue {
            store.finish()
        }
        store.advance(by: .seconds(1))
        store.receive(.tick)
    }

    @Test("running a thunk with received actions not asserted fails, as sending does")
    func runWithUnassertedActionsFails() {
        let store = TestStore(initial: TeaTimer(), mutatingReducer: teaReducer)
        store.run(.just(.steep(seconds: 5)))
        withKnownIssue {
            store.run(.just(.stop))
        }
        store.receive(.stop) { $0.secondsLeft = 5 }
        store.finish()
    }

    @Test("the task of an effect run is cancelled by skipInFlightEffects, as a send's is")
    func skipInFlightEffectsCancelsARun() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(), mutatingReducer: teaReducer, scheduler: scheduler)
        let task = store.run(Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler))
        #expect(!task.isCancelled)

        store.skipInFlightEffects()

        #expect(task.isCancelled)
        store.advance(by: .seconds(1))
        #expect(store.receivedActions.isEmpty, "nothing delivered after the cancel")
        store.finish()
    }

    @Test("a thunk's task: cancel() ends its effect, finish(timeout:) fails while it waits")
    func thunkTask() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(), mutatingReducer: teaReducer, scheduler: scheduler)
        let task = store.run { _ in
            Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
        }
        await withKnownIssue {
            await task.finish(timeout: .seconds(1))
        }
        task.cancel()
        #expect(task.isCancelled)
        store.advance(by: .seconds(1))
        #expect(store.receivedActions.isEmpty)
        await store.finish()
    }

    @Test("a Store's run returns the work: finish() returns once the effect has ended")
    func storeRunTask() async {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer)
        let task = store.run(.just(.steep(seconds: 5)))
        await task.finish()
        #expect(store.state.secondsLeft == 5)

        let scheduler = TestScheduler()
        let pending = store.run { _ in
            Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
        }
        pending.cancel()
        await pending.finish()   // returns: the work is cancelled
        scheduler.advance(by: .seconds(1))
        #expect(store.state.secondsLeft == 5, "the cancelled tick never came")
    }
}

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
}

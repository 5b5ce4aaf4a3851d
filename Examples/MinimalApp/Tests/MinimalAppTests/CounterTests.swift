import Effects
import MinimalApp
import ReduxTesting
import Testing

@Test("the counter counts down to zero, a second at a time")
func countsDown() {
    let scheduler = TestScheduler()
    let store = TestStore(
        initial: Counter(),
        mutatingReducer: counterReducer,
        scheduler: scheduler,
        middlewares: [countingDown(scheduler: scheduler)]
    )
    store.send(.increment) { $0.count = 1 }
    store.send(.countDown)
    store.advance(by: .seconds(1))
    store.receive(.tick) { $0.count = 0 }
    store.finish()
}

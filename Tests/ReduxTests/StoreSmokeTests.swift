import Testing
import Effects
@testable import Redux

@Test func storeSmoke() {
    let store = Store<Int, Int>(initial: 0, reducer: { s, a in s + a }, middlewares: [{ s, a in a == 1 ? .just(10) : .none }])
    store.dispatch(1)
    #expect(store.state == 11)
    let store2 = Store<Int, Int>(initial: 0, mutatingReducer: { s, a in s += a })
    store2.dispatch(2)
    #expect(store2.state == 2)
}
import ReduxTesting
@Test func testStoreSmoke() {
    let scheduler = TestScheduler()
    let store = TestStore<Int, Int>(initial: 0, reducer: { s, a in s + a }, scheduler: scheduler,
        middlewares: [{ s, a in a == 1 ? Effect.just(10).delay(for: .seconds(1), scheduler: scheduler) : .none }])
    store.send(1) { $0 = 1 }
    store.advance(by: .seconds(1))
    store.receive(10) { $0 = 11 }
    store.finish()
}
@Test func testStoreFails() {
    withKnownIssue {
        let store = TestStore<Int, Int>(initial: 0, reducer: { s, a in s + a })
        store.send(1) { $0 = 2 }
    }
}

import Effects
import Redux
import TestSupport
import Testing

/// Something that shows the seconds left, as a label would; keeps what it showed.
private final class Label: Sendable {
    private let shown = Lock<[Int]>([])

    var history: [Int] { shown.withLock { $0 } }

    func show(_ seconds: Int) { shown.withLock { $0.append(seconds) } }
}

/// Something a subscriber holds, to tell when it is let go of.
private final class Sentinel: Sendable {}

@Suite struct StatePublisherTests {
    @Test("the state publisher sends the current state first, then the state after every action")
    func currentStateFirstThenEveryAction() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        store.dispatch(.add(5))
        let seen = Lock<[Int]>([])
        let subscription = store.publisher.sink { counter in
            seen.withLock { $0.append(counter.count) }
        }
        store.dispatch(.increment)
        store.dispatch(.ping)   // changes nothing, but is an action: sent again
        #expect(seen.withLock { $0 } == [5, 6, 6])
        subscription.cancel()
    }

    @Test("map, removeDuplicates and sink work on the state publisher, as in its documentation")
    func operatorsWork() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer)
        let label = Label()
        let subscription = store.publisher
            .map(\.secondsLeft)
            .removeDuplicates()
            .sink { secondsLeft in label.show(secondsLeft) }
        store.dispatch(.steep(seconds: 3))
        store.dispatch(.stop)   // secondsLeft unchanged: removed as a duplicate
        store.dispatch(.tick)
        #expect(label.history == [0, 3])
        subscription.cancel()
    }

    @Test("cancelling the sink ends the subscription: nothing more arrives, and nothing is kept")
    func cancellingRetainsNothing() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let sentinel = Sentinel()
        let released = WeakReference(sentinel)
        let calls = Lock(0)
        let subscription = store.publisher.sink { [sentinel] _ in
            _ = sentinel
            calls.withLock { $0 += 1 }
        }
        _ = consume sentinel
        store.dispatch(.increment)
        subscription.cancel()
        #expect(released.isReleased)
        store.dispatch(.increment)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("releasing the sink's token unsubscribes too")
    func releasingUnsubscribes() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let calls = Lock(0)
        do {
            let subscription = store.publisher.sink { _ in calls.withLock { $0 += 1 } }
            store.dispatch(.increment)
            _ = subscription
        }
        store.dispatch(.increment)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("a subscriber that cancels on its first value gets nothing more")
    func cancelOnTheFirstValue() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let calls = Lock(0)
        let subscription = store.publisher.first().sink { _ in calls.withLock { $0 += 1 } }
        store.dispatch(.increment)
        #expect(calls.withLock { $0 } == 1)
        subscription.cancel()
    }

    @Test("the subscription does not keep the store alive")
    func subscriptionKeepsNoStore() {
        var store: Store<Counter, CounterAction>? = Store(
            initial: Counter(), reducer: counterReducer)
        let storeReleased = WeakReference(store!)
        let subscription = store!.publisher.sink { _ in }
        store = nil
        #expect(storeReleased.isReleased)
        subscription.cancel()
    }

    @Test("a scoped store's publisher sends its part, only when it changes")
    func scopedStorePublisher() {
        let store = Store(initial: Dashboard(), mutatingReducer: dashboardReducer)
        let counter = store.scope(state: \.counter, action: DashboardAction.counterPath)
        let seen = Lock<[Int]>([])
        let subscription = counter.publisher.map(\.count).sink { count in
            seen.withLock { $0.append(count) }
        }
        store.dispatch(.counter(.increment))
        store.dispatch(.panel(.toggle))   // the counter is unchanged: nothing sent
        #expect(seen.withLock { $0 } == [0, 1])
        subscription.cancel()
    }
}

import Effects
import Redux
import ConcurrencyTestSupport
import Testing

/// `subscribe`, its selecting forms and the `AsyncStream` views: contract 6 on one thread.
@Suite struct StoreObservingTests {
    // MARK: subscribe(_:)

    @Test("an observer gets the current state at once, then the state after every action")
    func currentThenEveryState() {
        let store = Store.counter(count: 5)
        let seen = EventLog<Int>()
        let token = store.subscribe { seen.append($0.count) }
        #expect(seen.entries == [5])

        store.dispatch(.increment)
        store.dispatch(.ping)
        store.dispatch(.add(10))

        #expect(seen.entries == [5, 6, 6, 16], "an action that changes nothing is still reported")
        token.cancel()
    }

    @Test("observers are called in the order they subscribed")
    func subscriptionOrder() {
        let store = Store.counter()
        let log = EventLog<String>()
        let tokens = ["A", "B", "C"].map { name in
            store.subscribe { log.append("\(name) \($0.count)") }
        }
        store.dispatch(.increment)
        store.dispatch(.increment)

        #expect(log.entries == ["A 0", "B 0", "C 0", "A 1", "B 1", "C 1", "A 2", "B 2", "C 2"])
        tokens.forEach { $0.cancel() }
    }

    @Test("an observer sees the state after each action an effect sends, not just the last")
    func seesEveryQueuedState() {
        let store = Store.counter(middlewares: [
            { _, action in
                action == .ping ? Effect([CounterAction.increment, .add(10)].publisher) : .none
            }
        ])
        let seen = EventLog<Int>()
        let token = store.subscribe { seen.append($0.count) }
        store.dispatch(.ping)

        #expect(seen.entries == [0, 0, 1, 11])
        token.cancel()
    }

    @Test("cancelling the token unsubscribes")
    func cancelUnsubscribes() {
        let store = Store.counter()
        let seen = EventLog<Int>()
        let token = store.subscribe { seen.append($0.count) }
        store.dispatch(.increment)
        token.cancel()
        store.dispatch(.increment)
        token.cancel()

        #expect(seen.entries == [0, 1])
    }

    @Test("releasing the token unsubscribes")
    func releaseUnsubscribes() {
        let store = Store.counter()
        let seen = EventLog<Int>()
        do {
            let token = store.subscribe { seen.append($0.count) }
            store.dispatch(.increment)
            withExtendedLifetime(token) {}
        }
        store.dispatch(.increment)

        #expect(seen.entries == [0, 1])
    }

    @Test("releasing the token releases the observer and what it captures")
    func releaseFreesTheObserver() {
        final class Witness: Sendable {}
        let store = Store.counter()
        weak var released: Witness?
        do {
            let witness = Witness()
            released = witness
            let token = store.subscribe { _ in withExtendedLifetime(witness) {} }
            store.dispatch(.increment)
            token.cancel()
        }
        #expect(released == nil)
    }

    @Test("an observer may unsubscribe while it is being notified; the others still are")
    func unsubscribeDuringNotification() {
        let store = Store.counter()
        let log = EventLog<String>()
        let ownToken = Lock<AnyCancellable?>(nil)
        let first = store.subscribe { state in
            log.append("first \(state.count)")
            if state.count == 1 {
                ownToken.withLock { $0 }?.cancel()
            }
        }
        ownToken.withLock { $0 = first }
        let second = store.subscribe { log.append("second \($0.count)") }

        store.dispatch(.increment)
        store.dispatch(.increment)

        #expect(log.entries == ["first 0", "second 0", "first 1", "second 1", "second 2"])
        second.cancel()
    }

    /// The three ways to subscribe, each of which checks for itself that it is still subscribed.
    enum ObserverKind: CaseIterable, Sendable {
        case whole, selecting, selectingWithIsDuplicate
    }

    @Test(
        "an observer cancelled by an earlier one is skipped in the same round",
        arguments: ObserverKind.allCases)
    func cancelAnotherDuringNotification(_ kind: ObserverKind) {
        let store = Store.counter()
        let log = EventLog<String>()
        let victim = Lock<AnyCancellable?>(nil)
        let first = store.subscribe { state in
            log.append("first \(state.count)")
            if state.count == 1 {
                victim.withLock { $0 }?.cancel()
            }
        }
        let second =
            switch kind {
            case .whole: store.subscribe { log.append("second \($0.count)") }
            case .selecting: store.subscribe(to: { $0.count }) { log.append("second \($0)") }
            case .selectingWithIsDuplicate:
                store.subscribe(to: { $0.count }, isDuplicate: ==) { log.append("second \($0)") }
            }
        victim.withLock { $0 = second }

        store.dispatch(.increment)
        store.dispatch(.increment)

        #expect(log.entries == ["first 0", "second 0", "first 1", "first 2"])
        first.cancel()
    }

    @Test("an observer that reads the state and dispatches does not deadlock")
    func observerReadsAndDispatches() {
        let store = Store.counter()
        let reads = EventLog<Int>()
        let token = store.subscribe { [store] state in
            reads.append(store.state.count)
            if state.count < 3 {
                store.dispatch(.increment)
            }
        }
        #expect(store.state.count == 3)
        #expect(reads.entries == [0, 1, 2, 3])
        token.cancel()
    }

    @Test(
        "an observer that subscribes another: the new one gets the current state once, then what follows"
    )
    func subscribeFromAnObserver() {
        let store = Store.counter()
        let log = EventLog<String>()
        let inner = Lock<AnyCancellable?>(nil)
        let outer = store.subscribe { [store] state in
            log.append("outer \(state.count)")
            if state.count == 1 {
                let token = store.subscribe { log.append("inner \($0.count)") }
                inner.withLock { $0 = token }
            }
        }
        store.dispatch(.increment)
        store.dispatch(.increment)

        #expect(log.entries == ["outer 0", "outer 1", "inner 1", "outer 2", "inner 2"])
        outer.cancel()
        inner.withLock { $0 }?.cancel()
    }

    @Test("a token may be cancelled after its store is gone")
    func cancelAfterTheStoreIsGone() {
        var store: Store<Counter, CounterAction>? = .counter()
        let token = store?.subscribe { _ in }
        weak let released = store
        store = nil
        #expect(released == nil, "a token does not keep its store alive")
        token?.cancel()
    }

    // MARK: subscribe(to:)

    @Test("a selecting observer is called at once, then only when the selected part changes")
    func selecting() {
        let store = Store.counter()
        let tens = EventLog<Int>()
        let token = store.subscribe(to: { $0.count / 10 }) { tens.append($0) }

        for action: CounterAction in [
            .add(1), .add(5), .ping, .add(4), .add(3), .add(-3), .add(-1),
        ] {
            store.dispatch(action)
        }

        // counts: 1, 6, 6, 10, 13, 10, 9
        #expect(tens.entries == [0, 1, 0])
        token.cancel()
    }

    @Test(
        "a selecting observer with a custom isDuplicate is called when that says the value is new")
    func customIsDuplicate() {
        let store = Store.counter()
        let seen = EventLog<Int>()
        let token = store.subscribe(
            to: { $0.count },
            isDuplicate: { abs($0 - $1) < 5 }
        ) { seen.append($0) }

        for amount in [1, 3, 1, 2, 4, -20] {
            store.dispatch(.add(amount))
        }

        // counts: 1, 4, 5 (new: 5 away from 0), 7, 11 (new: 6 away from 5), -9 (new)
        #expect(seen.entries == [0, 5, 11, -9])
        token.cancel()
    }

    @Test("cancelling a selecting observer's token unsubscribes it")
    func selectingCancel() {
        let store = Store.counter()
        let seen = EventLog<Int>()
        let token = store.subscribe(to: { $0.count }) { seen.append($0) }
        store.dispatch(.increment)
        token.cancel()
        store.dispatch(.increment)

        #expect(seen.entries == [0, 1])
    }

    // MARK: AsyncStream

    @Test("states() yields the current state, then the state after every action")
    func statesStream() async {
        let store = Store.counter()
        let states = store.states()
        store.dispatch(.increment)
        store.dispatch(.ping)
        store.dispatch(.add(10))

        var seen: [Counter] = []
        for await state in states.prefix(4) {
            seen.append(state)
        }
        #expect(seen.map(\.count) == [0, 1, 1, 11])
    }

    @Test("values(of:) yields the selected part at once, then only when it changes")
    func valuesStream() async {
        let store = Store.counter()
        let values = store.values(of: { $0.count })
        for action: CounterAction in [.ping, .increment, .ping, .ping, .add(0), .increment] {
            store.dispatch(action)
        }

        var seen: [Int] = []
        for await value in values.prefix(3) {
            seen.append(value)
        }
        #expect(seen == [0, 1, 2])
    }

    @Test("a stream that is released unsubscribes from the store")
    func streamReleaseUnsubscribes() async {
        let store = Store.counter()
        let selections = TestAtomic(0)
        do {
            let values = store.values(of: { state -> Int in
                selections.add(1, ordering: .relaxed)
                return state.count
            })
            var iterator = values.makeAsyncIterator()
            store.dispatch(.increment)
            #expect(await iterator.next() == 0)
            #expect(await iterator.next() == 1)
        }
        #expect(selections.load(ordering: .relaxed) == 2)

        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(selections.load(ordering: .relaxed) == 2)
    }
}

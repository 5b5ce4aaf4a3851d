import Effects
import Redux
import Testing

/// The state a store hands its middlewares and observers after each action is lent, not copied:
/// what they keep of it is theirs, unchanged by later actions that the reducer applies in place,
/// and every object a state held is freed exactly once.
@Suite struct StoreStateLoanTests {
    /// A state whose parts live in buffers: what a loan must not corrupt.
    struct Shelf: Sendable {
        var items: [Int] = []
        var labels: [Int: String] = [:]
        var name = "shelf"
        var token: Token?
    }

    /// An object that counts its own deinitialization, so that a leak or a double free shows.
    final class Token: Sendable {
        let freed: FreeCount

        init(_ freed: FreeCount) {
            self.freed = freed
        }

        deinit { freed.increment() }
    }

    static func shelfReducer(_ state: inout Shelf, _ item: Int) {
        state.items.append(item)
        state.labels[item] = "item \(item)"
        state.name += "+"
    }

    @Test(
        "a state a middleware keeps stays as it was, while the reducer changes the store's in place"
    )
    func middlewareKeepsItsState() {
        let kept = EventLog<Shelf>()
        let store = Store(
            initial: Shelf(), mutatingReducer: Self.shelfReducer,
            middlewares: [
                { state, _ in
                    kept.append(state)
                    return .none
                }
            ])
        for item in 1...3 { store.dispatch(item) }
        #expect(kept.entries.map(\.items) == [[1], [1, 2], [1, 2, 3]])
        #expect(kept.entries.map(\.labels.count) == [1, 2, 3])
        #expect(kept.entries.map(\.name) == ["shelf+", "shelf++", "shelf+++"])
        #expect(store.state.items == [1, 2, 3])
    }

    @Test("a state an observer keeps stays as it was, and so does the one a middleware only reads")
    func observerKeepsItsState() {
        let kept = EventLog<Shelf>()
        let counts = EventLog<Int>()
        let store = Store(
            initial: Shelf(), mutatingReducer: Self.shelfReducer,
            middlewares: [
                { state, _ in
                    counts.append(state.items.count)
                    return .none
                }
            ])
        let token = store.subscribe { kept.append($0) }
        for item in 1...3 { store.dispatch(item) }
        #expect(kept.entries.map(\.items) == [[], [1], [1, 2], [1, 2, 3]])
        #expect(counts.entries == [1, 2, 3])
        token.cancel()
    }

    @Test("a middleware that dispatches sees each state lent in turn, none changed under it")
    func nestedDispatchesSeeTheirOwnStates() {
        let seen = EventLog<[Int]>()
        let store = Store(
            initial: Shelf(), mutatingReducer: Self.shelfReducer,
            middlewares: [
                { state, item in
                    let before = state.items
                    let effect: Effect<Int> = item < 5 ? .just(item + 1) : .none
                    // Queued, not reduced here: the state lent to this call cannot change.
                    seen.append(state.items)
                    #expect(state.items == before)
                    return effect
                }
            ])
        store.dispatch(1)
        #expect(seen.entries == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5]])
    }

    @Test("every object a state held is freed once, when the store and what kept it let go")
    func objectsAreFreedOnce() {
        let freed = FreeCount()
        do {
            let kept = EventLog<Shelf>()
            let reducer: MutatingReducer<Shelf, Int> = { state, item in
                Self.shelfReducer(&state, item)
                state.token = Token(freed)
            }
            let keepEveryTenth: Middleware<Shelf, Int> = { state, item in
                if item.isMultiple(of: 10) { kept.append(state) }
                return .none
            }
            let store = Store(
                initial: Shelf(token: Token(freed)), mutatingReducer: reducer,
                middlewares: [keepEveryTenth])
            let token = store.subscribe(to: { $0.items.count }) { _ in }
            for item in 1...100 { store.dispatch(item) }
            // 101 tokens made (the initial one, then one per action); alive are the ten that
            // the kept states hold, the last of which is also the store's current one.
            #expect(freed.value == 101 - 10)
            token.cancel()
            withExtendedLifetime(kept) {}
        }
        #expect(freed.value == 101)
    }
}

/// How many objects were freed; shared by reference.
final class FreeCount: Sendable {
    private let count = Lock(0)

    var value: Int { count.withLock { $0 } }

    func increment() { count.withLock { $0 += 1 } }
}

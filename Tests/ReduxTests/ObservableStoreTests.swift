import Dispatch
import Effects
import Observation
import Redux
import ConcurrencyTestSupport
import Testing

@Suite struct ObservableStoreTests {
    @Test("reads the store's state")
    func readsTheState() {
        let store = Store.counter(count: 3)
        let observable = ObservableStore(store)
        #expect(observable.state == Counter(count: 3))

        store.dispatch(.increment)
        #expect(observable.state == Counter(count: 4))
    }

    @Test("withObservationTracking is told of a change after a dispatch")
    func trackingFires() {
        let observable = ObservableStore(Store.counter())
        let changes = TestAtomic(0)
        withObservationTracking {
            _ = observable.state
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        #expect(changes.load(ordering: .relaxed) == 0)

        observable.dispatch(.increment)

        #expect(changes.load(ordering: .relaxed) == 1)
        #expect(observable.state.count == 1)
    }

    @Test("a dispatch made on the store itself is reported too")
    func dispatchOnTheStore() {
        let store = Store.counter()
        let observable = ObservableStore(store)
        let changes = TestAtomic(0)
        withObservationTracking {
            _ = observable.state
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }

        store.dispatch(.add(5))

        #expect(changes.load(ordering: .relaxed) == 1)
        #expect(observable.state.count == 5)
    }

    @Test("each tracking fires once, so a view tracks again after each change")
    func trackingFiresOnce() {
        let observable = ObservableStore(Store.counter())
        let seen = EventLog<Int>()

        @Sendable func track() {
            let count = withObservationTracking {
                observable.state.count
            } onChange: {
                seen.append(-1)
            }
            seen.append(count)
        }
        track()
        observable.dispatch(.increment)
        observable.dispatch(.increment)
        track()
        observable.dispatch(.increment)

        // -1 is a change notice; one per tracking, whatever the number of actions.
        #expect(seen.entries == [0, -1, 2, -1])
        #expect(observable.state.count == 3)
    }

    @Test("code that does not read the state is not told of changes")
    func untracked() {
        let observable = ObservableStore(Store.counter())
        let changes = TestAtomic(0)
        withObservationTracking {
            _ = observable
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        observable.dispatch(.increment)

        #expect(changes.load(ordering: .relaxed) == 0)
    }

    @Test("it keeps its store alive, and frees it when released")
    func keepsTheStore() {
        weak var weakStore: Store<Counter, CounterAction>?
        var observable: ObservableStore<Counter, CounterAction>?
        do {
            let store = Store.counter()
            weakStore = store
            observable = ObservableStore(store)
        }
        #expect(weakStore != nil)
        observable?.dispatch(.increment)
        #expect(observable?.state.count == 1)

        observable = nil
        #expect(weakStore == nil)
    }

    @Test("released while its store lives on, it is freed and the store runs on")
    func releasedBeforeTheStore() {
        let store = Store.counter()
        weak var weakObservable: ObservableStore<Counter, CounterAction>?
        do {
            let observable = ObservableStore(store)
            weakObservable = observable
            store.dispatch(.increment)
            #expect(observable.state.count == 1)
        }
        #expect(weakObservable == nil)

        store.dispatch(.increment)
        #expect(store.state.count == 2)
    }

    @Test(
        "made on the main actor, it reduces and reports every change there, whichever thread dispatches"
    )
    func mainActorStore() async {
        let model = await MainActor.run {
            ObservableStore(initial: Counter(), mutatingReducer: counterMutatingReducer)
        }
        let changes = EventLog<Bool>()
        let changed = DispatchSemaphore(value: 0)
        withObservationTracking {
            _ = model.state
        } onChange: {
            changes.append(isOnMainActor())
            changed.signal()
        }

        spawn { model.dispatch(.increment) }

        #expect(await wait(for: changed))
        #expect(changes.entries == [true])
        #expect(await eventually { model.state.count == 1 })
    }

    @Test("made on the main actor, a dispatch on the main actor is processed before it returns")
    func mainActorDispatchIsSynchronous() async {
        let count = await MainActor.run {
            let model = ObservableStore(initial: Counter(), mutatingReducer: counterMutatingReducer)
            model.dispatch(.increment)
            return model.state.count
        }
        #expect(count == 1)
    }

    @Test(
        "every way to make a store on the main actor has an observable form, both middleware forms included"
    )
    @MainActor
    func everyInitializerForm() {
        let seen = EventLog<String>()
        let plain: Middleware<Counter, CounterAction> = { _, action in
            seen.append("plain \(action)")
            return .none
        }
        let erased = AnyMiddleware<Counter, CounterAction> { _, action in
            seen.append("erased \(action)")
            return .none
        }
        let models: [ObservableStore<Counter, CounterAction>] = [
            ObservableStore(initial: Counter(), mutatingReducer: counterMutatingReducer),
            ObservableStore(initial: Counter(), reducer: counterReducer),
            ObservableStore(
                initial: Counter(), mutatingReducer: counterMutatingReducer, middlewares: [plain]),
            ObservableStore(initial: Counter(), reducer: counterReducer, middlewares: [plain]),
            ObservableStore(
                initial: Counter(), mutatingReducer: counterMutatingReducer, middlewares: [erased]),
            ObservableStore(initial: Counter(), reducer: counterReducer, middlewares: [erased]),
        ]
        for (index, model) in models.enumerated() {
            model.dispatch(.increment)
            #expect(model.state.count == 1, "form \(index)")
        }
        #expect(
            seen.entries == Array(repeating: "plain increment", count: 2)
                + Array(repeating: "erased increment", count: 2))
    }

    @Test("the observable forms with a task executor run the store's async effects there")
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor
    func taskExecutorForms() {
        let scheduler = TestScheduler()
        let plain: Middleware<Counter, CounterAction> = { _, action in
            guard action == .increment else { return .none }
            return .run { send in await send(.decrement) }
        }
        let models: [ObservableStore<Counter, CounterAction>] = [
            ObservableStore(
                initial: Counter(), mutatingReducer: counterMutatingReducer,
                middlewares: [AnyMiddleware(plain)], taskExecutor: .preferring(scheduler)),
            ObservableStore(
                initial: Counter(), reducer: counterReducer,
                middlewares: [AnyMiddleware(plain)], taskExecutor: .preferring(scheduler)),
            ObservableStore(
                initial: Counter(), mutatingReducer: counterMutatingReducer, middlewares: [plain],
                taskExecutor: .preferring(scheduler)),
            ObservableStore(
                initial: Counter(), reducer: counterReducer, middlewares: [plain],
                taskExecutor: .preferring(scheduler)),
        ]
        for model in models {
            model.dispatch(.increment)
            #expect(model.state.count == 1, "the effect waits for the scheduler")
        }
        #expect(scheduler.pendingWorkCount == 4, "each store's effect is a job on the scheduler")
    }
}

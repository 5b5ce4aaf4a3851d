import Dispatch
import Effects
import Redux
import TestSupport
import Testing

/// A screen in the manner of a ReSwift `StoreSubscriber`: it lives on the main actor, keeps its
/// token, and captures itself weakly.
@MainActor
private final class CounterScreen {
    private(set) var shown: [Int] = []
    private var subscription: AnyCancellable?

    func show(_ store: Store<Counter, CounterAction>) {
        subscription = store.subscribe(onMainActor: { [weak self] counter in
            self?.newState(counter.count)
        })
    }

    func showCount(of store: Store<Counter, CounterAction>) {
        subscription = store.subscribe(
            to: \.count,
            onMainActor: { [weak self] count in
                self?.newState(count)
            })
    }

    func newState(_ count: Int) {
        shown.append(count)
    }

    func leave() {
        subscription = nil
    }
}

/// Something an observer holds, to tell when it is let go of.
private final class Sentinel: Sendable {}

/// Runs `body` on a queue of its own and waits for it: the main queue runs nothing meanwhile, so
/// what `body` hands to it waits there.
private func offTheMainQueue(_ body: @Sendable () -> Void) {
    DispatchQueue(label: "StoreMainActorObservingTests").sync(execute: body)
}

/// Waits until the main queue has run what was put on it before this call.
@MainActor
private func mainQueueRuns() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

@MainActor
@Suite struct StoreMainActorObservingTests {
    @Test(
        "a main-actor screen subscribes with [weak self] and sees each state at once on a main-actor store"
    )
    func screenOnAMainActorStore() {
        let store = Store(initial: Counter(), reducer: counterReducer, on: .mainActor)
        let screen = CounterScreen()
        screen.show(store)
        #expect(screen.shown == [0])   // before subscribe returned
        store.dispatch(.increment)   // processed before dispatch returns, on the main actor
        store.dispatch(.add(2))
        #expect(screen.shown == [0, 1, 3])
    }

    @Test("a selection on the main actor calls back only when the selected part changes")
    func selectionOnTheMainActor() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let screen = CounterScreen()
        screen.showCount(of: store)
        store.dispatch(.ping)
        store.dispatch(.increment)
        store.dispatch(.pong)
        #expect(screen.shown == [0, 1])
    }

    @Test(
        "states reached on other threads arrive on the main actor, in order with those reached on it"
    )
    func statesFromOtherThreadsArriveInOrder() async {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let screen = CounterScreen()
        screen.show(store)
        offTheMainQueue { store.dispatch(.increment) }
        #expect(screen.shown == [0])   // on its way through the main queue
        store.dispatch(.increment)   // reduced here, but queued behind the state before it
        #expect(screen.shown == [0])
        await mainQueueRuns()
        #expect(screen.shown == [0, 1, 2])
        store.dispatch(.increment)   // nothing on its way: at once again
        #expect(screen.shown == [0, 1, 2, 3])
    }

    @Test("a screen that goes away is not kept by the store, and its token unsubscribes it")
    func screenGoneUnsubscribes() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        weak var gone: CounterScreen?
        do {
            let screen = CounterScreen()
            gone = screen
            screen.show(store)
            store.dispatch(.increment)
            #expect(screen.shown == [0, 1])
        }
        #expect(gone == nil)
        store.dispatch(.increment)   // no observer left to call
        #expect(store.state.count == 2)
    }

    @Test("a cancelled token drops the calls on their way and lets go of the observer at once")
    func cancelDropsWhatIsOnItsWay() async {
        let store = Store(initial: Counter(), reducer: counterReducer)
        let sentinel = Sentinel()
        let released = WeakReference(sentinel)
        let calls = Lock(0)
        let token = store.subscribe(onMainActor: { [sentinel] _ in
            _ = sentinel
            calls.withLock { $0 += 1 }
        })
        _ = consume sentinel
        offTheMainQueue { store.dispatch(.increment) }
        token.cancel()
        #expect(released.isReleased)   // though a call is still on its way to the main queue
        await mainQueueRuns()
        #expect(calls.withLock { $0 } == 1)   // the first state only
    }

    @Test("a main-actor screen subscribes to a scoped store, and hears only of its part")
    func scopedStoreOnTheMainActor() {
        let store = Store(initial: Dashboard(), mutatingReducer: dashboardReducer)
        let counter = store.scope(state: \.counter, action: DashboardAction.counterPath)
        var seen: [Int] = []
        let token = counter.subscribe(onMainActor: { seen.append($0.count) })
        let selected = counter.subscribe(to: \.count, onMainActor: { seen.append(-$0) })
        store.dispatch(.counter(.increment))
        store.dispatch(.panel(.rename("other")))
        #expect(seen == [0, -0, 1, -1])
        token.cancel()
        selected.cancel()
    }
}

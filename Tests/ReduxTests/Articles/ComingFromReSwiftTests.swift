// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import Testing

// The examples of the Coming from ReSwift article (Sources/Redux/Redux.docc/ComingFromReSwift.md),
// compiled and run. DocumentationSnippetTests checks that the article quotes them as they are
// here: change both together.

/// ReSwift's middleware, here: sees each action before the reducer, may drop it, calls `next`.
let ignoreIdleStops = Interceptor<TeaTimer, TeaAction> { action, context, next in
    if case .stop = action, !context.state.isSteeping { return }   // nothing to stop: dropped
    next(action)
}

/// A thunk: an action creator that must wait returns an effect, which the caller runs.
func brew(
    seconds: Int,
    boilingFor boiling: Duration,
    clock: some Clock<Duration>
) -> Effect<TeaAction> {
    .run { send in
        guard (try? await clock.sleep(for: boiling)) != nil else { return }   // cancelled
        await send(.steep(seconds: seconds))
    }
}

/// Says things out loud, in an app; here it keeps what it said.
final class Announcer: Sendable {
    private let said = Lock<[String]>([])

    var history: [String] { said.withLock { $0 } }

    func say(_ sentence: String) { said.withLock { $0.append(sentence) } }
}

let announcer = Announcer()

/// Says so when the tea has just become ready: compares the state before the action with after.
let announceReady = AnyMiddleware<TeaTimer, TeaAction>(remembering: \.isReady) { state, wasReady, _ in
    guard state.isReady, !wasReady else { return .none }
    announcer.say("Your tea is ready")
    return .none
}

/// A screen that shows the seconds left: ReSwift's `StoreSubscriber`, here.
@MainActor final class TeaScreen {
    private(set) var secondsShown = ""
    private var subscription: AnyCancellable?

    func appear(with store: Store<TeaTimer, TeaAction>) {
        subscription = store.subscribe(to: \.secondsLeft, onMainActor: { [weak self] secondsLeft in
            self?.secondsShown = "\(secondsLeft) s"
        })
    }

    func disappear() {
        subscription = nil   // instead of store.unsubscribe(self)
    }
}

/// An app made of the tea timer and a list of orders.
struct Kitchen: Equatable, Sendable {
    var tea = TeaTimer()
    var orders: [String] = []
}

enum KitchenAction: Equatable, Sendable {
    case tea(TeaAction)
    case order(String)
}

let kitchenReducer: MutatingReducer<Kitchen, KitchenAction> = { state, action in
    switch action {
    case .tea(let action): teaReducer(&state.tea, action)
    case .order(let dish): state.orders.append(dish)
    }
}

func kitchenMiddlewares(scheduler: some Scheduler) -> [Middleware<Kitchen, KitchenAction>] {
    let tea = steeping(scheduler: scheduler)
    return [
        { state, action in
            guard case .tea(let action) = action else { return .none }
            return tea(state.tea, action).map(KitchenAction.tea)
        },
    ]
}

/// Something that shows the seconds left: a label, in an app.
private final class SecondsLabel: Sendable {
    private let shown = Lock<[Int]>([])

    var history: [Int] { shown.withLock { $0 } }

    func show(_ seconds: Int) { shown.withLock { $0.append(seconds) } }
}

@Suite struct ComingFromReSwiftTests {
    @Test("an interceptor drops what ReSwift's middleware would drop, and lets the rest through")
    func interceptorAsMiddleware() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, interceptors: [ignoreIdleStops])
        let states = Lock(0)
        let token = store.subscribe { _ in states.withLock { $0 += 1 } }
        store.dispatch(.stop)   // nothing steeps: dropped before the reducer, no observer call
        #expect(states.withLock { $0 } == 1)
        store.dispatch(.steep(seconds: 10))
        store.dispatch(.stop)
        #expect(states.withLock { $0 } == 3)
        #expect(!store.state.isSteeping)
        token.cancel()
    }

    @Test("subscribe(to:) stands for StoreSubscriber with select and skipRepeats; cancelling unsubscribes")
    func subscriberAsSubscribe() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer)
        let label = SecondsLabel()

        let subscription = store.subscribe(to: \.secondsLeft) { secondsLeft in
            label.show(secondsLeft)
        }
        // … and instead of store.unsubscribe(label):
        subscription.cancel()

        store.dispatch(.steep(seconds: 5))
        #expect(label.history == [0])
    }

    @Test("a remembering middleware sees what it remembered of the state before the action")
    func rememberingMiddleware() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, middlewares: [announceReady])
        store.dispatch(.steep(seconds: 1))
        store.dispatch(.tick)   // ready now: announced
        store.dispatch(.tick)   // still ready, not again
        #expect(announcer.history == ["Your tea is ready"])
    }

    @MainActor
    @Test("a main-actor screen subscribes with a weak self, and is neither kept nor called once gone")
    func mainActorScreen() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, on: .mainActor)
        weak var gone: TeaScreen?
        do {
            let screen = TeaScreen()
            gone = screen
            screen.appear(with: store)
            store.dispatch(.steep(seconds: 3))
            #expect(screen.secondsShown == "3 s")
            screen.disappear()
            store.dispatch(.steep(seconds: 5))
            #expect(screen.secondsShown == "3 s")
            screen.appear(with: store)
        }
        #expect(gone == nil)
        store.dispatch(.tick)
    }

    @Test("a subscription is called only when the selected part changes, until it is cancelled")
    func subscriptionSkipsRepeats() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer)
        let label = SecondsLabel()
        let subscription = store.subscribe(to: \.secondsLeft) { label.show($0) }
        store.dispatch(.steep(seconds: 2))
        store.dispatch(.stop)   // secondsLeft unchanged: no call
        store.dispatch(.steep(seconds: 3))
        #expect(label.history == [0, 2, 3])
        subscription.cancel()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a thunk is an effect the caller runs: it waits on the clock, then sends")
    func thunkAsEffect() {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, taskExecutor: .preferring(scheduler))
        store.run(brew(seconds: 180, boilingFor: .seconds(90), clock: clock))
        scheduler.advance(by: .seconds(89))
        #expect(store.state == TeaTimer())
        scheduler.advance(by: .seconds(1))
        #expect(store.state == TeaTimer(secondsLeft: 180, isSteeping: true))
        #expect(store.runningEffectCount == 0)
    }

    @Test("the kitchen's reducer hands the tea's actions to the tea's reducer, and its middleware's effects come back embedded")
    func combinedByHand() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Kitchen(),
            mutatingReducer: kitchenReducer,
            middlewares: kitchenMiddlewares(scheduler: scheduler)
        )
        store.dispatch(.order("sencha"))
        store.dispatch(.tea(.steep(seconds: 2)))
        scheduler.advance(by: .seconds(2))
        #expect(store.state == Kitchen(tea: TeaTimer(secondsLeft: 0, isReady: true), orders: ["sencha"]))
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }
}

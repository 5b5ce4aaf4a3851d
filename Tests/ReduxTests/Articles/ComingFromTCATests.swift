// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Observation
import Redux
import Testing

// The composition example of the Coming from TCA article (Sources/Redux/Redux.docc/ComingFromTCA.md),
// compiled and run on the kitchen of ComingFromReSwiftTests; its effects and its test are in
// TestingOnVirtualTimeTests. DocumentationSnippetTests checks that the article quotes it as it is
// here: change both together.

/// The kitchen's reducer for its own part, the orders: the tea is left to the tea's reducer.
private let ordersReducer: MutatingReducer<Kitchen, KitchenAction> = { state, action in
    if case .order(let dish) = action { state.orders.append(dish) }
}

/// The article's kitchen, composed: its reducer, and where the tea's actions sit among its own.
private func composedKitchen() -> (MutatingReducer<Kitchen, KitchenAction>, ActionPath<KitchenAction, TeaAction>) {
    let teaActions = ActionPath(KitchenAction.tea) {
        if case .tea(let action) = $0 { action } else { nil }
    }

    let kitchenReducer = combine(
        pullback(teaReducer, state: \Kitchen.tea, action: teaActions),
        ordersReducer   // a MutatingReducer<Kitchen, KitchenAction> for the orders
    )
    return (kitchenReducer, teaActions)
}

/// A café whose actions hold the kitchen's: the tea is a feature inside a feature.
private enum CafeAction: Equatable, Sendable {
    case kitchen(KitchenAction)
}

/// The tea feature's cancellation ids: no other feature's id is of this type.
enum TeaEffectID: Hashable, Sendable {
    case steeping
}

@Suite struct ComingFromTCATests {
    @Test("action paths append: the tea, inside the kitchen, inside a café, in one path")
    func actionPathsAppend() {
        let (_, teaActions) = composedKitchen()
        let kitchenActions = ActionPath(CafeAction.kitchen) {
            if case .kitchen(let action) = $0 { action } else { nil }
        }
        let cafeTeaActions = kitchenActions.appending(teaActions)
        #expect(cafeTeaActions.embed(.tick) == .kitchen(.tea(.tick)))
        #expect(cafeTeaActions.extract(.kitchen(.tea(.stop))) == .stop)
        #expect(cafeTeaActions.extract(.kitchen(.order("soup"))) == nil)
    }

    @Test("cancellation ids are the store's: a string shared by two features reaches both, an id of a feature's own type does not")
    func idsAreSharedByFeatures() {
        let scheduler = TestScheduler()
        let store = Store(initial: Counter(), reducer: counterReducer)
        let later = Effect.just(CounterAction.increment).delay(for: .seconds(1), scheduler: scheduler)
        store.run(later.cancellable(id: "steeping"))
        store.run(later.cancellable(id: TeaEffectID.steeping))
        store.run(.cancel(id: "steeping"))   // another feature's cancel, with the same string
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 1)   // only the effect with the feature's own id ran
        #expect(store.runningEffectCount == 0)
    }

    @Test("the composed kitchen's reducer hands the tea's actions to the tea's reducer, and keeps the orders")
    func composedReducer() {
        let (kitchenReducer, _) = composedKitchen()
        var kitchen = Kitchen()
        kitchenReducer(&kitchen, .tea(.steep(seconds: 120)))
        kitchenReducer(&kitchen, .order("sencha"))
        kitchenReducer(&kitchen, .tea(.tick))
        #expect(kitchen == Kitchen(tea: TeaTimer(secondsLeft: 119, isSteeping: true), orders: ["sencha"]))
    }

    @MainActor
    @Test("an observable view of the tea is told only when what it read changes, on the main actor")
    func observedTea() {
        let (kitchenReducer, teaActions) = composedKitchen()
        let shown = EventLog<Int>()
        let redraws = EventLog<Bool>()
        @Sendable func showTimer(secondsLeft: Int) { shown.append(secondsLeft) }
        @Sendable func scheduleRedraw() { redraws.append(isOnMainActor()) }

        let kitchen = Store(initial: Kitchen(), mutatingReducer: kitchenReducer, on: .mainActor)
        let tea = ObservableStore(kitchen.scope(state: \.tea, action: teaActions))

        withObservationTracking {
            showTimer(secondsLeft: tea.secondsLeft)   // what a view's body reads
        } onChange: {
            scheduleRedraw()   // only when the seconds left change
        }

        kitchen.dispatch(.order("scones"))   // not the tea: nobody is told
        tea.dispatch(.stop)                  // the seconds left stay 0: nobody is told
        #expect(redraws.entries.isEmpty)
        tea.dispatch(.steep(seconds: 3))
        #expect(shown.entries == [0])
        #expect(redraws.entries == [true])
        #expect(tea.secondsLeft == 3)
    }

    @Test("a view scoped to the tea reads its part, sends its actions embedded, and is told only of the tea's changes")
    func scopedTea() {
        let (kitchenReducer, teaActions) = composedKitchen()
        let store = Store(initial: Kitchen(), mutatingReducer: kitchenReducer)
        let tea = store.scope(state: \.tea, action: teaActions)
        let seen = EventLog<TeaTimer>()
        let token = tea.subscribe { seen.append($0) }

        tea.dispatch(.steep(seconds: 60))
        store.dispatch(.order("genmaicha"))   // not the tea's: no call

        #expect(store.state == Kitchen(tea: TeaTimer(secondsLeft: 60, isSteeping: true), orders: ["genmaicha"]))
        #expect(seen.entries == [TeaTimer(), TeaTimer(secondsLeft: 60, isSteeping: true)])
        token.cancel()
    }
}

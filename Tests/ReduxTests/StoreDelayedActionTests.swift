import Effects
import Redux
import Testing

/// The store runs `Effect.just(action).delay(…)`, marked cancellable or not, as one delayed
/// value under one root. These pin what a user relies on: when it arrives, that ids cancel it,
/// and that answering it again and again leaves nothing behind.
@Suite struct StoreDelayedActionTests {
    private func store(
        scheduler: TestScheduler,
        answer: @escaping @Sendable (CounterAction) -> Effect<CounterAction>
    ) -> Store<Counter, CounterAction> {
        .counter(middlewares: [{ _, action in answer(action) }])
    }

    @Test("a delayed action arrives exactly when it is due, and not before")
    func arrivesWhenDue() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            action == .ping
                ? Effect.just(.increment).delay(for: .seconds(1), scheduler: scheduler) : .none
        }
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 1)
        scheduler.advance(by: .milliseconds(999))
        #expect(store.state.count == 0)
        scheduler.advance(by: .milliseconds(1))
        #expect(store.state.count == 1)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a cancelled delayed action never arrives and leaves no work behind")
    func cancelledByID() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            switch action {
            case .ping:
                Effect.just(.increment).delay(for: .seconds(1), scheduler: scheduler).cancellable(
                    id: "timer")
            case .reset:
                .cancel(id: "timer")
            default:
                .none
            }
        }
        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.reset)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(store.state.count == 0)
    }

    @Test("cancel in flight keeps only the latest delayed action")
    func cancelInFlightKeepsTheLatest() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            action == .ping
                ? Effect.just(.increment).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer", cancelInFlight: true)
                : .none
        }
        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(600))
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 1)
        scheduler.advance(by: .milliseconds(600))
        #expect(store.state.count == 0)   // the first was cancelled
        scheduler.advance(by: .milliseconds(400))
        #expect(store.state.count == 1)   // the second arrives a second after its ping
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancel in flight replaces every delayed action running under the id, however many")
    func cancelInFlightReplacesAGroup() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            switch action {
            case .ping:   // joins the group
                Effect.just(.add(10)).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer")
            case .pong:   // replaces it
                Effect.just(.increment).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer", cancelInFlight: true)
            default:
                .none
            }
        }
        store.dispatch(.ping)
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 2)
        store.dispatch(.pong)
        #expect(store.runningEffectCount == 1)
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 1)   // only the replacement arrived
        #expect(store.runningEffectCount == 0)
    }

    @Test("releasing the store cancels its delayed actions and releases the store")
    func releaseCancels() {
        let scheduler = TestScheduler()
        var store: Store<Counter, CounterAction>? = store(scheduler: scheduler) { action in
            action == .ping
                ? Effect.just(.increment).delay(for: .seconds(1), scheduler: scheduler).cancellable(
                    id: "timer")
                : .none
        }
        weak let released = store
        store?.dispatch(.ping)
        #expect(scheduler.pendingWorkCount == 1)
        store = nil
        #expect(released == nil)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a delayed effect that is not a single action still runs, through the general path")
    func delayedSequenceStillRuns() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            action == .ping
                ? Effect([CounterAction.increment, .increment].publisher).delay(
                    for: .seconds(1), scheduler: scheduler
                )
                .cancellable(id: "pair")
                : .none
        }
        store.dispatch(.ping)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 2)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("delayed actions due at the same instant arrive in the order they were scheduled")
    func sameInstantKeepsOrder() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            action == .ping
                ? .merge(
                    Effect.just(.add(10)).delay(for: .seconds(1), scheduler: scheduler),
                    Effect.just(.reset).delay(for: .seconds(1), scheduler: scheduler)
                )
                : .none
        }
        store.dispatch(.ping)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 0)   // add(10), then reset
    }

    // MARK: The same delayed action, again and again

    /// An increment a second later, cancellable by the id "timer": one effect value, answered
    /// again and again, as a game answers every mismatch with the same delayed un-flip.
    private func incrementLater(
        on scheduler: TestScheduler, cancelInFlight: Bool = false
    ) -> Effect<CounterAction> {
        Effect.just(.increment)
            .delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: "timer", cancelInFlight: cancelInFlight)
    }

    @Test("the same delayed action answered 1,000 times leaves nothing behind after each")
    func repeatedDelayedActionLeavesNothingBehind() {
        let scheduler = TestScheduler()
        let later = incrementLater(on: scheduler, cancelInFlight: true)
        let store = store(scheduler: scheduler) { $0 == .ping ? later : .none }
        for round in 1...1_000 {
            store.dispatch(.ping)
            scheduler.advance(by: .seconds(1))
            guard
                store.state.count == round, store.runningEffectCount == 0,
                store.effectContext.idCount == 0, store.effectContext.registeredCount == 0,
                scheduler.pendingWorkCount == 0
            else {
                Issue.record("round \(round) left work behind, or its action did not arrive")
                return
            }
        }
    }

    @Test("a delayed action answered again after one fired is cancelled by id like any other")
    func repeatedDelayedActionIsCancelledByID() {
        let scheduler = TestScheduler()
        let later = incrementLater(on: scheduler)
        let store = store(scheduler: scheduler) { action in
            switch action {
            case .ping: later
            case .pong: .cancel(id: "timer")
            default: .none
            }
        }
        store.dispatch(.ping)
        scheduler.advance(by: .seconds(1))   // fired
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 1)
        store.dispatch(.pong)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(store.state.count == 1)
        store.dispatch(.ping)   // after a cancelled one, a new one
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 2)
    }

    @Test("two of the same delayed action in flight under one id both arrive, each on time")
    func twoInFlightBothArrive() {
        let scheduler = TestScheduler()
        let later = incrementLater(on: scheduler)
        let store = store(scheduler: scheduler) { $0 == .ping ? later : .none }
        store.dispatch(.ping)
        scheduler.advance(by: .seconds(1))
        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.ping)   // the one before is still pending
        #expect(store.runningEffectCount == 2)
        scheduler.advance(by: .milliseconds(500))
        #expect(store.state.count == 2)
        scheduler.advance(by: .milliseconds(500))
        #expect(store.state.count == 3)
        #expect(store.runningEffectCount == 0)
    }

    @Test("each delayed value arrives as itself, even when the one before it fired")
    func differentValuesAreNeverMixedUp() {
        let scheduler = TestScheduler()
        let store = store(scheduler: scheduler) { action in
            if case .add(let amount) = action, amount < 10 {
                return Effect.just(.add(amount * 10)).delay(for: .seconds(1), scheduler: scheduler)
            }
            return .none
        }
        store.dispatch(.add(1))   // then add(10) a second later
        scheduler.advance(by: .seconds(1))
        store.dispatch(.add(2))   // then add(20)
        scheduler.advance(by: .seconds(1))
        store.dispatch(.add(3))   // then add(30)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 1 + 10 + 2 + 20 + 3 + 30)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a delayed action that fired does not keep the store alive")
    func firedDelayedActionDoesNotLeakTheStore() {
        let scheduler = TestScheduler()
        final class Witness: Sendable {}
        var witness: Witness? = Witness()
        weak let released = witness
        var store: Store<Counter, CounterAction>? = { [witness] in
            let later = incrementLater(on: scheduler)
            return self.store(scheduler: scheduler) { action in
                // The middleware holds the witness: it goes when the store's engine does.
                withExtendedLifetime(witness) { action == .ping ? later : .none }
            }
        }()
        witness = nil
        store?.dispatch(.ping)
        scheduler.advance(by: .seconds(1))
        #expect(store?.state.count == 1)
        #expect(released != nil)
        store = nil
        #expect(released == nil)
    }
}

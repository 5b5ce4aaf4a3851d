import Effects
import Redux
import Testing

/// The store runs `Effect.just(action).delay(…)`, marked cancellable or not, as one scheduled
/// call rather than a publisher chain. These pin that the short cut keeps every promise the
/// general path keeps.
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
}

@testable import Effects
import Testing

/// Drives ``DelayedValueState`` transition by transition, with no lock, scheduler or subscriber.
@Suite struct DelayedValueStateTests {
    /// Scheduled work's handle, recording whether it was cancelled.
    private final class Work: Cancellable, @unchecked Sendable {
        // Touched only by the test's own thread.
        var isCancelled = false
        func cancel() { isCancelled = true }
    }

    /// What the downstream was sent through the delivery the state hands out.
    private final class Downstream: @unchecked Sendable {
        // Touched only by the test's own thread.
        var events: [String] = []
        var delivery: DelayedValue.Delivery {
            { event in
                switch event {
                case .subscription: self.events.append("subscription")
                case .value: self.events.append("value")
                case .finished: self.events.append("finished")
                }
            }
        }
    }

    @Test("scheduled, then fired: the delivery goes to the firing, with the spent handle")
    func firesOnce() {
        let downstream = Downstream()
        var state = DelayedValueState.scheduling(downstream.delivery)
        let work = Work()
        guard case .kept = state.arrive(work) else {
            Issue.record("the handle of a pending value was not kept")
            return
        }
        guard case .deliveryAndWork(let delivery, let spent) = state.fire() else {
            Issue.record("the firing got no delivery and handle")
            return
        }
        delivery(.value)
        #expect(downstream.events == ["value"])
        #expect((spent as? Work) === work)
        #expect(state.delivery == nil, "nothing of the downstream is kept once it fired")
        guard case .none = state.cancel() else {
            Issue.record("a cancel after the firing did something")
            return
        }
        #expect(!work.isCancelled)
    }

    @Test("fired before the handle came back: the handle is handed back spent, not cancelled")
    func firesBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        guard case .delivery = state.fire() else {
            Issue.record("the firing got no delivery, or a handle that had not come back")
            return
        }
        let work = Work()
        guard case .spent(let spent) = state.arrive(work) else {
            Issue.record("the handle was not handed back as spent")
            return
        }
        #expect((spent as? Work) === work)
        #expect(!work.isCancelled)
    }

    @Test("cancelled while waiting: the cancel takes work and delivery; the firing does nothing")
    func cancelledWhileWaiting() {
        let downstream = Downstream()
        var state = DelayedValueState.scheduling(downstream.delivery)
        let work = Work()
        _ = state.arrive(work)
        guard case .deliveryAndWork(let delivery, let taken) = state.cancel() else {
            Issue.record("the cancel got no delivery and handle")
            return
        }
        delivery(.finished)
        #expect(downstream.events == ["finished"])
        #expect((taken as? Work) === work)
        guard case .none = state.fire() else {
            Issue.record("the firing after a cancel did something")
            return
        }
        guard case .none = state.cancel() else {
            Issue.record("cancelling twice did something")
            return
        }
        #expect(state.delivery == nil)
    }

    @Test("cancelled before the handle came back: the handle is handed back to cancel on arrival")
    func cancelledBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        guard case .delivery = state.cancel() else {
            Issue.record("the cancel got no delivery, or a handle that had not come back")
            return
        }
        let work = Work()
        guard case .cancelled(let back) = state.arrive(work) else {
            Issue.record("the handle was not handed back to cancel")
            return
        }
        #expect((back as? Work) === work)
    }

    @Test("the delivery is kept (to hand out the subscription) until it fires or is cancelled")
    func deliveryWhilePending() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        #expect(state.delivery != nil)
        _ = state.arrive(Work())
        #expect(state.delivery != nil)
    }

    @Test("subscribing hands out the delivery and keeps it; once cancelled, it hands out nothing")
    func subscribing() {
        let downstream = Downstream()
        var state = DelayedValueState.scheduling(downstream.delivery)
        let delivery = state.subscribing()
        delivery?(.subscription(DelayedValue(rootOf: nil, in: nil, id: nil) { _ in }))
        #expect(downstream.events == ["subscription"])
        #expect(state.delivery != nil, "the delivery is still the state's, for the firing")
        guard case .kept = state.arrive(Work()) else {
            Issue.record("the handle of a value subscribed to was not kept")
            return
        }

        var cancelled = DelayedValueState.scheduling(Downstream().delivery)
        _ = cancelled.cancel()
        #expect(cancelled.subscribing() == nil)
        #expect(cancelled.delivery == nil)
    }
}

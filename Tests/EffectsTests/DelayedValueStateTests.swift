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
        let kept = state.arrive(work)
        #expect(kept == nil)
        var spent: (any Cancellable)? = nil
        let delivery = state.fire(handingSpentWorkTo: &spent)
        delivery?(.value)
        #expect(downstream.events == ["value"])
        #expect((spent as? Work) === work)
        #expect(state.delivery == nil, "nothing of the downstream is kept once it fired")
        var taken: (any Cancellable)? = nil
        #expect(
            state.cancel(handingWorkTo: &taken) == nil, "a cancel after the firing does nothing")
        #expect(taken == nil)
        #expect(!work.isCancelled)
    }

    @Test("fired before the handle came back: the handle is dropped, not cancelled")
    func firesBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        var spent: (any Cancellable)? = nil
        #expect(state.fire(handingSpentWorkTo: &spent) != nil)
        #expect(spent == nil)
        let work = Work()
        let back = state.arrive(work)
        #expect(back == nil)
    }

    @Test("cancelled while waiting: the cancel takes work and delivery; the firing does nothing")
    func cancelledWhileWaiting() {
        let downstream = Downstream()
        var state = DelayedValueState.scheduling(downstream.delivery)
        let work = Work()
        _ = state.arrive(work)
        var taken: (any Cancellable)? = nil
        let delivery = state.cancel(handingWorkTo: &taken)
        delivery?(.finished)
        #expect(downstream.events == ["finished"])
        #expect((taken as? Work) === work)
        var spent: (any Cancellable)? = nil
        #expect(state.fire(handingSpentWorkTo: &spent) == nil)
        var again: (any Cancellable)? = nil
        #expect(state.cancel(handingWorkTo: &again) == nil, "cancelling twice does nothing")
        #expect(state.delivery == nil)
    }

    @Test("cancelled before the handle came back: the handle is handed back to cancel on arrival")
    func cancelledBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        var taken: (any Cancellable)? = nil
        #expect(state.cancel(handingWorkTo: &taken) != nil)
        #expect(taken == nil)
        let work = Work()
        let back = state.arrive(work)
        #expect((back as? Work) === work)
    }

    @Test("the delivery is kept (to hand out the subscription) until it fires or is cancelled")
    func deliveryWhilePending() {
        var state = DelayedValueState.scheduling(Downstream().delivery)
        #expect(state.delivery != nil)
        _ = state.arrive(Work())
        #expect(state.delivery != nil)
    }
}

@testable import Effects
import Testing

/// Drives ``DelayRelayState`` transition by transition, with no lock, scheduler or subscriber.
@Suite struct DelayRelayStateTests {
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
        var delivery: DelayRelay.Delivery {
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
        var state = DelayRelayState.scheduling(downstream.delivery)
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
        #expect(!state.holdsDownstream, "nothing of the downstream is kept once it fired")
        guard case .none = state.cancel() else {
            Issue.record("a cancel after the firing did something")
            return
        }
        #expect(!work.isCancelled)
    }

    @Test("fired before the handle came back: the handle is handed back spent, not cancelled")
    func firesBeforeTheHandleArrives() {
        var state = DelayRelayState.scheduling(Downstream().delivery)
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
        var state = DelayRelayState.scheduling(downstream.delivery)
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
        #expect(!state.holdsDownstream)
    }

    @Test("cancelled before the handle came back: the handle is handed back to cancel on arrival")
    func cancelledBeforeTheHandleArrives() {
        var state = DelayRelayState.scheduling(Downstream().delivery)
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
        var state = DelayRelayState.scheduling(Downstream().delivery)
        #expect(state.holdsDownstream)
        _ = state.arrive(Work())
        #expect(state.holdsDownstream)
    }

    @Test("subscribing hands out the delivery and keeps it; once cancelled, it hands out nothing")
    func subscribing() {
        let downstream = Downstream()
        var state = DelayRelayState.scheduling(downstream.delivery)
        let delivery = state.subscribing()
        delivery?(.subscription(DelayRelay(.scheduling { _ in })))
        #expect(downstream.events == ["subscription"])
        #expect(state.holdsDownstream, "the delivery is still the state's, for the firing")
        guard case .kept = state.arrive(Work()) else {
            Issue.record("the handle of a value subscribed to was not kept")
            return
        }

        var cancelled = DelayRelayState.scheduling(Downstream().delivery)
        _ = cancelled.cancel()
        #expect(cancelled.subscribing() == nil)
        #expect(!cancelled.holdsDownstream)
    }

    // MARK: Relaying an upstream's events

    /// Deliveries of relayed values, recording what they delivered.
    private final class Values: @unchecked Sendable {
        // Touched only by the test's own thread.
        var delivered: [Int] = []
        func value(_ value: Int) -> @Sendable () -> Void {
            { self.delivered.append(value) }
        }
    }

    private final class Upstream: Subscription, @unchecked Sendable {
        // Touched only by the test's own thread.
        var isCancelled = false
        func cancel() { isCancelled = true }
    }

    @Test("a relay delivers its events oldest first, each fired work releasing one")
    func relaysInOrder() {
        let values = Values()
        var state = DelayRelayState.relaying(.init(delivery: Downstream().delivery))
        let first = state.enqueue(values.value(1))
        let second = state.enqueue(values.value(2))
        #expect(first == 0)
        #expect(second == 1)
        let works = [Work(), Work()]
        guard case .kept = state.arrive(works[0], for: 0),
            case .kept = state.arrive(works[1], for: 1)
        else {
            Issue.record("the handles of waiting events were not kept")
            return
        }
        guard case .released(let spent, isDeliverer: true) = state.fire() else {
            Issue.record("the first firing did not make its thread the deliverer")
            return
        }
        #expect((spent as? Work) === works[0])
        guard case .released(let spentToo, isDeliverer: false) = state.fire() else {
            Issue.record("a firing while another thread delivers made a second deliverer")
            return
        }
        #expect((spentToo as? Work) === works[1])
        for _ in 0..<2 {
            guard case .value(let deliver) = state.nextReleased() else {
                Issue.record("a released event was not handed to the deliverer")
                return
            }
            deliver()
        }
        #expect(values.delivered == [1, 2])
        guard case .none = state.nextReleased() else {
            Issue.record("the deliverer got an event that was not released")
            return
        }
        _ = state.enqueue(values.value(3))
        guard case .released(nil, isDeliverer: true) = state.fire() else {
            Issue.record("the deliverer's role was not given up when nothing was left")
            return
        }
    }

    @Test("a relay holds back an event that is not due, even when its handle came back late")
    func handleAfterRelease() {
        var state = DelayRelayState.relaying(.init(delivery: Downstream().delivery))
        _ = state.enqueue(Values().value(1))
        _ = state.enqueue(Values().value(2))
        // The second event's work fired before the first's handle came back: it released the
        // first event, so the first handle is spent, not cancelled (its work releases the second).
        guard case .released(nil, isDeliverer: true) = state.fire() else {
            Issue.record("the firing did not release the oldest event")
            return
        }
        guard case .spent = state.arrive(Work(), for: 0) else {
            Issue.record("the handle of a released event was kept")
            return
        }
        guard case .kept = state.arrive(Work(), for: 1) else {
            Issue.record("the handle of an event still waiting was not kept")
            return
        }
        guard case .value = state.nextReleased(), case .none = state.nextReleased() else {
            Issue.record("the deliverer did not get exactly the one released event")
            return
        }
    }

    @Test("a relay's completion ends it with the upstream, and nothing is queued after it")
    func relayFinishes() {
        let downstream = Downstream()
        var state = DelayRelayState.relaying(.init(delivery: downstream.delivery))
        let upstream = Upstream()
        #expect(state.attach(upstream) != nil)
        #expect(state.attach(Upstream()) == nil, "a second upstream is refused, to be cancelled")
        #expect(state.enqueue(nil) == 0)
        #expect(state.enqueue(Values().value(1)) == nil, "a value after the completion is dropped")
        _ = state.fire()
        guard case .finished(let delivery, let kept) = state.nextReleased() else {
            Issue.record("the completion was not handed to the deliverer")
            return
        }
        delivery(.finished)
        #expect(downstream.events == ["finished"])
        #expect((kept as? Upstream) === upstream)
        #expect(!state.holdsDownstream)
        #expect(state.enqueue(Values().value(2)) == nil)
        guard case .spent = state.arrive(Work(), for: 0), case .none = state.cancel() else {
            Issue.record("an ended relay kept a handle, or a cancel did something")
            return
        }
        #expect(!upstream.isCancelled)
    }

    @Test("cancelling a relay hands back its upstream and every waiting event's work")
    func relayCancelled() {
        var state = DelayRelayState.relaying(.init(delivery: Downstream().delivery))
        let upstream = Upstream()
        _ = state.attach(upstream)
        _ = state.enqueue(Values().value(1))
        _ = state.enqueue(Values().value(2))
        let work = Work()
        _ = state.arrive(work, for: 0)
        guard case .relayEnded(_, let kept, let waiting) = state.cancel() else {
            Issue.record("the cancel did not end the relay")
            return
        }
        #expect((kept as? Upstream) === upstream)
        #expect(waiting.count == 2)
        #expect((waiting.first?.work as? Work) === work)
        guard case .cancelled = state.arrive(Work(), for: 1), case .none = state.fire(),
            case .none = state.nextReleased()
        else {
            Issue.record("a cancelled relay kept a handle, fired or delivered")
            return
        }
        #expect(state.enqueue(Values().value(3)) == nil)
        #expect(state.attach(Upstream()) == nil)
    }
}

extension DelayRelayState {
    /// Whether it still holds the downstream, through its delivery.
    fileprivate var holdsDownstream: Bool {
        switch self {
        case .scheduling, .waiting, .relaying: true
        case .fired, .cancelled: false
        }
    }
}

@testable import Effects
import Testing

/// `ShareState` driven transition by transition, with no lock, subject or upstream.
@Suite struct ShareStateTests {
    /// An upstream subscription, told apart by identity.
    private final class Upstream: Subscription {
        func cancel() {}
    }

    /// The stage and its numbers, for comparing whole.
    private func summary(_ state: ShareState) -> String {
        switch state {
        case .idle(let connections): "idle(\(connections))"
        case .connecting(let connection, let subscribers):
            "connecting(\(connection), subscribers: \(subscribers))"
        case .connected(let connection, _, let subscribers):
            "connected(\(connection), subscribers: \(subscribers))"
        case .finished: "finished"
        }
    }

    private func isNone(_ action: ShareAction) -> Bool {
        if case .none = action { true } else { false }
    }

    private func cancelled(_ action: ShareAction) -> (any Subscription)? {
        if case .cancel(let subscription) = action { subscription } else { nil }
    }

    /// A state connected as connection 0, with `subscribers` subscribers, and its upstream.
    private func connected(subscribers: Int) -> (ShareState, Upstream) {
        var state = ShareState.idle(connections: 0)
        for _ in 0..<subscribers { _ = state.subscriberArrived() }
        let upstream = Upstream()
        _ = state.upstreamSubscribed(upstream, connection: 0)
        return (state, upstream)
    }

    @Test("the first subscriber starts connection 0; the next ones join it")
    func firstSubscriberConnects() {
        var state = ShareState.idle(connections: 0)
        guard case .connect(0) = state.subscriberArrived() else {
            Issue.record("the first subscriber should connect")
            return
        }
        #expect(summary(state) == "connecting(0, subscribers: 1)")
        let step1 = state.subscriberArrived()
        #expect(isNone(step1))
        #expect(summary(state) == "connecting(0, subscribers: 2)")
    }

    @Test("the upstream subscription arrives: connected, with the subscribers counted so far")
    func subscriptionArrives() {
        var state = ShareState.idle(connections: 0)
        _ = state.subscriberArrived()
        #expect(isNone(state.upstreamSubscribed(Upstream(), connection: 0)))
        #expect(summary(state) == "connected(0, subscribers: 1)")
        let step1 = state.subscriberArrived()
        #expect(isNone(step1))
        #expect(summary(state) == "connected(0, subscribers: 2)")
    }

    @Test("subscribers leave one by one; the last one cancels the upstream, and the state is idle")
    func lastLeaverCancels() {
        var (state, upstream) = connected(subscribers: 2)
        let step1 = state.subscriberLeft()
        #expect(isNone(step1))
        #expect(summary(state) == "connected(0, subscribers: 1)")
        let step2 = state.subscriberLeft()
        #expect(cancelled(step2) === upstream)
        #expect(summary(state) == "idle(1)")
    }

    @Test("after the last one left, the next subscriber starts a new connection, numbered 1")
    func reconnects() {
        var (state, _) = connected(subscribers: 1)
        _ = state.subscriberLeft()
        guard case .connect(1) = state.subscriberArrived() else {
            Issue.record("a subscriber after the last one left should connect again")
            return
        }
        #expect(summary(state) == "connecting(1, subscribers: 1)")
    }

    @Test("everyone leaves while connecting: the subscription is cancelled when it arrives")
    func leaveWhileConnecting() {
        var state = ShareState.idle(connections: 0)
        _ = state.subscriberArrived()
        let step1 = state.subscriberLeft()
        #expect(isNone(step1))
        #expect(summary(state) == "connecting(0, subscribers: 0)")
        let upstream = Upstream()
        let step2 = state.upstreamSubscribed(upstream, connection: 0)
        #expect(cancelled(step2) === upstream)
        #expect(summary(state) == "idle(1)")
    }

    @Test("a subscriber that comes while nobody is left connecting keeps that connection")
    func rejoinWhileConnecting() {
        var state = ShareState.idle(connections: 0)
        _ = state.subscriberArrived()
        _ = state.subscriberLeft()
        let step1 = state.subscriberArrived()
        #expect(isNone(step1))
        #expect(isNone(state.upstreamSubscribed(Upstream(), connection: 0)))
        #expect(summary(state) == "connected(0, subscribers: 1)")
    }

    @Test("only the current connection's values pass; a cancelled one's are dropped")
    func currentConnection() {
        var (state, _) = connected(subscribers: 1)
        #expect(state.isCurrent(0))
        _ = state.subscriberLeft()
        #expect(!state.isCurrent(0))
        _ = state.subscriberArrived()
        #expect(state.isCurrent(1))
        #expect(!state.isCurrent(0))
    }

    @Test("a cancelled connection's late subscription is cancelled; the state does not change")
    func staleSubscription() {
        var (state, _) = connected(subscribers: 1)
        _ = state.subscriberLeft()
        _ = state.subscriberArrived()
        let stale = Upstream()
        let step1 = state.upstreamSubscribed(stale, connection: 0)
        #expect(cancelled(step1) === stale)
        #expect(summary(state) == "connecting(1, subscribers: 1)")
    }

    @Test("the current connection finishes: finished, for every subscriber")
    func upstreamFinishes() {
        var (state, _) = connected(subscribers: 2)
        let step1 = state.upstreamFinished(connection: 0)
        #expect(step1)
        #expect(summary(state) == "finished")
    }

    @Test("a cancelled connection's late completion is dropped")
    func staleCompletion() {
        var (state, _) = connected(subscribers: 1)
        _ = state.subscriberLeft()
        let step1 = state.upstreamFinished(connection: 0)
        #expect(!step1)
        #expect(summary(state) == "idle(1)")
        _ = state.subscriberArrived()
        let step2 = state.upstreamFinished(connection: 0)
        #expect(!step2)
        #expect(summary(state) == "connecting(1, subscribers: 1)")
    }

    @Test("once finished, subscribers come and go without connecting or cancelling")
    func finishedStays() {
        var (state, _) = connected(subscribers: 1)
        _ = state.upstreamFinished(connection: 0)
        let step1 = state.subscriberArrived()
        #expect(isNone(step1))
        let step2 = state.subscriberLeft()
        #expect(isNone(step2))
        let step3 = state.subscriberLeft()
        #expect(isNone(step3))
        #expect(!state.isCurrent(0))
        let step4 = state.upstreamFinished(connection: 0)
        #expect(!step4)
        #expect(summary(state) == "finished")
    }

    @Test("a subscriber leaving a share that has none is refused")
    func leaveWhenIdleTraps() async {
        await #expect(processExitsWith: .failure) {
            var state = ShareState.idle(connections: 0)
            _ = state.subscriberLeft()
        }
    }

    @Test("a second subscription for the running connection is refused")
    func secondSubscriptionTraps() async {
        await #expect(processExitsWith: .failure) {
            var state = ShareState.idle(connections: 0)
            _ = state.subscriberArrived()
            _ = state.upstreamSubscribed(Subscriptions.empty, connection: 0)
            _ = state.upstreamSubscribed(Subscriptions.empty, connection: 0)
        }
    }
}

import ConcurrencyTestSupport
import Effects
import Foundation
@testable import Redux
import Testing

/// The real store, run under every schedule of a small scenario up to two preemptions (CHESS's
/// bound), with the package's locks, atomic flags and blocking waits as the scheduling points
/// (see `ControlledScheduler`). Each run ends with the contract checked: every action reduced
/// exactly once, in the order its sender sent it, the queue within its bound, the store at rest
/// with no effect running, and no thread left waiting.
///
/// Debug builds only: release builds have no scheduling points.
#if DEBUG
@Suite(.serialized) struct StoreScheduleTests {
    /// Who sent an action, and its place among that sender's actions.
    struct Origin: Hashable, Sendable, CustomStringConvertible {
        let sender: Int
        let index: Int
        var description: String { "\(sender).\(index)" }
    }

    enum Action: Equatable, Sendable {
        /// Dispatched by a thread from outside.
        case send(Origin)
        /// The middleware's answer to `send`: a nested dispatch by the drainer.
        case echo(Origin)
        /// Starts the effect that `ping`s arrive through.
        case start
        /// Sent through the effect, by another thread.
        case ping(Int)
    }

    struct Log: Sendable {
        var reduced: [Action] = []
        /// Actions reduced after the store had shut down: none, by the contract.
        var reducedAfterShutDown: [Action] = []
    }

    static let capacity = 2

    /// Subscriptions kept until the scenario is checked.
    final class Tokens: Sendable {
        private let tokens = Lock<[AnyCancellable]>([])

        func keep(_ token: AnyCancellable) {
            tokens.withLock { $0.append(token) }
        }
    }

    /// The scenario of the issue: three threads, a queue of two (a turn of two), a middleware
    /// that dispatches, and an effect that sends. Two threads dispatch two actions each; the
    /// third sends two values into the running effect, then ends it, or (`shutsDown`) sends one
    /// and shuts the store down. With `subscribes`, the second thread subscribes an observer
    /// between its two actions.
    static func scenario(shutsDown: Bool = false, subscribes: Bool = false)
        -> ScheduleExplorer.Scenario
    {
        let pings = PassthroughSubject<Action>()
        let isShutDown = TestAtomic(false)
        let store = Store<Log, Action>(
            initial: Log(),
            mutatingReducer: { log, action in
                log.reduced.append(action)
                if isShutDown.load() { log.reducedAfterShutDown.append(action) }
            },
            middlewares: [
                AnyMiddleware { _, action in
                    switch action {
                    case .send(let origin): .just(.echo(origin))
                    case .start: Effect(pings)
                    case .echo, .ping: .none
                    }
                }
            ],
            home: nil,
            queueCapacity: capacity
        )
        store.dispatch(.start)
        // Kept to the end of the run, so that the observer stays subscribed.
        let tokens = Tokens()
        let senders = (0..<2).map { sender in
            { @Sendable in
                for index in 0..<2 {
                    store.dispatch(.send(Origin(sender: sender, index: index)))
                    if subscribes, sender == 1, index == 0 {
                        // An observer's welcome is work in the queue too.
                        let token = store.subscribe { _ in }
                        tokens.keep(token)
                    }
                }
            }
        }
        let pinger: @Sendable () -> Void = {
            pings.send(.ping(0))
            if shutsDown {
                store.shutDown()
                isShutDown.store(true)
            } else {
                pings.send(.ping(1))
                pings.send(completion: .finished)
            }
        }
        return ScheduleExplorer.Scenario(threads: senders + [pinger]) {
            _ = tokens
            let log = store.state
            return problem(in: log.reduced, isComplete: !shutsDown)
                ?? (log.reducedAfterShutDown.isEmpty
                    ? nil : "reduced after shutting down: \(log.reducedAfterShutDown)")
                // A thread from outside waits while the queue is full, but the drainer's own
                // nested dispatch never does: the drainer takes an item (one fewer), and its
                // middleware queues one echo (one more), on top of a full queue at most.
                ?? (store.longestQueue <= capacity + 1
                    ? nil : "the queue held \(store.longestQueue) items (bound \(capacity + 1))")
                ?? (shutsDown || store.isIdle
                    ? nil : "not at rest: \(store.runningEffectCount) effects running")
                // A store that shut down keeps no observer, however late one arrived.
                ?? (!shutsDown || store.core.shared.withLock { $0.observers.isEmpty }
                    ? nil : "an observer was kept after shutting down")
        }
    }

    /// What is wrong with the reduced actions: an action reduced twice, or before an earlier
    /// one of its sender, an echo before its cause; with `isComplete`, an action never reduced.
    static func problem(in reduced: [Action], isComplete: Bool) -> String? {
        var seen = Set<String>()
        var nextIndex: [Int: Int] = [:]
        var nextPing = 0
        var sent = Set<Origin>()
        for action in reduced {
            guard seen.insert("\(action)").inserted else { return "\(action) reduced twice" }
            switch action {
            case .send(let origin):
                guard origin.index == nextIndex[origin.sender, default: 0] else {
                    return "\(origin) reduced out of its sender's order: \(reduced)"
                }
                nextIndex[origin.sender] = origin.index + 1
                sent.insert(origin)
            case .echo(let origin):
                guard sent.contains(origin) else { return "echo of \(origin) before it" }
            case .ping(let number):
                guard number == nextPing else { return "ping \(number) out of order: \(reduced)" }
                nextPing += 1
            case .start:
                break
            }
        }
        guard isComplete else { return nil }
        let expected = 1 + 2 * 2 * 2 + 2
        return reduced.count == expected
            ? nil : "\(reduced.count) of \(expected) actions reduced: \(reduced)"
    }

    @Test("every schedule with up to two preemptions keeps the contract")
    func everySchedule() async {
        let report = await ScheduleExplorer(preemptionBound: 2).explore { Self.scenario() }
        print("StoreScheduleTests: 3 threads, queue of 2, up to 2 preemptions: \(report)")
        #expect(report.failure == nil, "\(report)")
        #expect(!report.isCut)
        #expect(report.runs > 1)
    }

    @Test("every schedule with up to two preemptions keeps the contract when the store shuts down")
    func everyScheduleWithShutDown() async {
        let report = await ScheduleExplorer(preemptionBound: 2).explore {
            Self.scenario(shutsDown: true, subscribes: true)
        }
        print(
            "StoreScheduleTests: 3 threads, queue of 2, shut down, up to 2 preemptions: \(report)")
        #expect(report.failure == nil, "\(report)")
        #expect(!report.isCut)
    }

    /// Found by `everyScheduleWithShutDown`: a successor took the oldest item off a full queue,
    /// then the store shut down, then the successor reduced the item in a critical section of
    /// its own, which did not ask whether the store was still running.
    @Test("an item taken off the queue just before the store shuts down is released, not reduced")
    func itemTakenBeforeShutDown() async {
        let problem = await ScheduleExplorer.replay(
            [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2], of: Self.scenario(shutsDown: true))
        #expect(problem == nil)
    }

    /// Found by `everyScheduleWithShutDown`: the drainer took an observer's welcome off the
    /// queue, the store shut down, then the welcome added the observer to the store's list,
    /// which kept it for good.
    @Test("an observer taken off the queue just before the store shuts down is not kept")
    func observerTakenBeforeShutDown() async {
        let problem = await ScheduleExplorer.replay(
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2],
            of: Self.scenario(shutsDown: true, subscribes: true))
        #expect(problem == nil)
    }
}
#endif

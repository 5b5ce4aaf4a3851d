import Dispatch
import Effects
import Foundation
import Redux
import ConcurrencyTestSupport
import TestSupport
import Testing
import ThreadSanitizerSupport
import ThreeDucks

/// One store, many threads: dispatching, subscribing, unsubscribing and cancelling effects at
/// once, while a real-time scheduler delivers delayed actions. Then everything is let go, and
/// weak references show that the store, the effects and the observers were all released.
///
/// Deliveries are awaited with a `DispatchGroup`, releases with the tracker's: no fixed waits.
@Suite struct StressTests {
    /// What the store counts.
    struct Ledger: Sendable {
        /// One more for every action: observers must see it grow.
        var version = 0
        var ticks = 0
        var lastTick: [Int]
        var ticksOutOfOrder = 0
        var started: Set<Int> = []
        var delivered: Set<Int> = []
        var deliveredTwice = 0
        var fromObservers = 0

        init(threads: Int) {
            lastTick = Array(repeating: -1, count: threads)
        }
    }

    enum Action: Sendable {
        /// A plain dispatch, numbered per thread.
        case tick(thread: Int, sequence: Int)
        /// Asks the middleware for a delayed action `.delivered(id)`. Even ids must arrive (not
        /// cancellable); odd ones are cancellable by `group`. Through the store's fast path
        /// for a delayed action, or through a publisher with a subscription of its own.
        case startDelayed(id: Int, group: Int, throughPublisher: Bool)
        /// Asks the middleware for an effect that never ends, cancellable by `group`.
        case startEndless(group: Int)
        case cancel(group: Int)
        /// What a delayed effect sends; the witness must be released once it is reduced.
        case delivered(id: Int, witness: Witness)
        /// Dispatched by an observer.
        case fromObserver
    }

    static let groups = 8
    /// The group of endless effects that nothing cancels: only releasing the store stops them.
    static let foreverGroup = 1_000

    static let reducer: MutatingReducer<Ledger, Action> = { ledger, action in
        ledger.version += 1
        switch action {
        case .tick(let thread, let sequence):
            ledger.ticks += 1
            if sequence != ledger.lastTick[thread] + 1 { ledger.ticksOutOfOrder += 1 }
            ledger.lastTick[thread] = sequence
        case .startDelayed(let id, _, _):
            ledger.started.insert(id)
        case .delivered(let id, _):
            if !ledger.delivered.insert(id).inserted { ledger.deliveredTwice += 1 }
        case .fromObserver:
            ledger.fromObservers += 1
        case .startEndless, .cancel:
            break
        }
    }

    static func middleware(
        scheduler: DispatchQueueScheduler,
        tracker: LifetimeTracker,
        arrivals: DispatchGroup
    ) -> Middleware<Ledger, Action> {
        { _, action in
            switch action {
            case .startDelayed(let id, let group, let throughPublisher):
                let delivery = Action.delivered(
                    id: id, witness: Witness(tracker, "the payload of delayed action \(id)"))
                let delay = Duration.microseconds(id % 7 * 150)
                let delayed =
                    throughPublisher
                    ? Effect(ProbeJust(value: delivery, tracker: tracker)).delay(
                        for: delay, scheduler: scheduler
                    ).eraseToEffect()
                    : Effect.just(delivery).delay(for: delay, scheduler: scheduler).eraseToEffect()
                return id.isMultiple(of: 2) ? delayed : delayed.cancellable(id: group)
            case .startEndless(let group):
                return Effect(ProbeNever<Action>(tracker: tracker)).cancellable(id: group)
            case .cancel(let group):
                return .cancel(id: group)
            case .delivered(let id, _):
                if id.isMultiple(of: 2) { arrivals.leave() }
                return .none
            case .tick, .fromObserver:
                return .none
            }
        }
    }

    @Test(
        "4 threads dispatch, subscribe, unsubscribe and cancel while delayed actions arrive; all is applied once, then released"
    )
    func oneStoreManyThreads() throws {
        let threads = 4
        let operationsPerThread = 10_000
        let tracker = LifetimeTracker()
        let arrivals = DispatchGroup()
        let scheduler = DispatchQueueScheduler()
        var store: Store<Ledger, Action>? = Store(
            initial: Ledger(threads: threads),
            mutatingReducer: Self.reducer,
            middlewares: [
                Self.middleware(scheduler: scheduler, tracker: tracker, arrivals: arrivals)
            ]
        )
        weak let weakStore = store
        let overlap = OverlapDetector()
        let observerOrderViolations = Tally()
        let nextID = TestAtomic(0)
        let ticksSent = TestAtomic(0)
        let mustArrive = TestAtomic(0)
        let foreverEffects = TestAtomic(0)

        // One observer for the whole run, which dispatches from inside its notifications.
        let dispatcher = try #require(store).subscribe { ledger in
            overlap.enter {
                if ledger.version % 97 == 0 { weakStore?.dispatch(.fromObserver) }
            }
        }

        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                defer { done.leave() }
                // Held for the thread's work only: the store's release is checked at the end.
                guard let store = weakStore else { return }
                var random = SplitMix64(seed: 0x57E5_0000 + UInt64(thread))
                var tokens: [AnyCancellable] = []
                var sequence = 0
                var lastSeenVersion = 0
                for _ in 0..<operationsPerThread {
                    switch Int.random(in: 0..<100, using: &random) {
                    case 0..<35:
                        store.dispatch(.tick(thread: thread, sequence: sequence))
                        sequence += 1
                    case 35..<50:
                        let id = nextID.add(1, ordering: .relaxed).oldValue
                        if id.isMultiple(of: 2) {
                            arrivals.enter()
                            mustArrive.add(1, ordering: .relaxed)
                        }
                        let group = Int.random(in: 0..<Self.groups, using: &random)
                        store.dispatch(
                            .startDelayed(
                                id: id, group: group, throughPublisher: Bool.random(using: &random))
                        )
                    case 50..<54:
                        let forever = Int.random(in: 0..<4, using: &random) == 0
                        if forever { foreverEffects.add(1, ordering: .relaxed) }
                        store.dispatch(
                            .startEndless(
                                group: forever
                                    ? Self.foreverGroup
                                    : Int.random(in: 0..<Self.groups, using: &random)))
                    case 54..<62:
                        store.dispatch(
                            .cancel(group: Int.random(in: 0..<Self.groups, using: &random)))
                    case 62..<77:
                        tokens.append(
                            Self.observe(
                                store, tracker: tracker, overlap: overlap,
                                violations: observerOrderViolations))
                    case 77..<89:
                        if !tokens.isEmpty {
                            tokens.remove(at: Int.random(in: 0..<tokens.count, using: &random))
                                .cancel()
                        }
                    case 89..<94:
                        // Released without cancelling: the token's release unsubscribes.
                        if !tokens.isEmpty {
                            tokens.remove(at: Int.random(in: 0..<tokens.count, using: &random))
                        }
                    default:
                        let version = store.state.version
                        if version < lastSeenVersion { observerOrderViolations.add() }
                        lastSeenVersion = version
                    }
                }
                ticksSent.add(sequence, ordering: .relaxed)
                tokens.removeAll()
            }
            worker.start()
        }
        #expect(
            done.wait(timeout: .now() + .seconds(300)) == .success, "the threads did not finish")

        // Every delayed action that cannot be cancelled arrives.
        #expect(
            arrivals.wait(timeout: .now() + .seconds(60)) == .success,
            "delayed actions did not arrive")
        // Cancel what can be, then let the scheduler's queue finish whatever it had started:
        // afterwards nothing more can arrive.
        for group in 0..<Self.groups {
            store?.dispatch(.cancel(group: group))
        }
        scheduler.queue.sync {}

        let ledger = try #require(store?.state)
        #expect(ledger.ticks == ticksSent.load(ordering: .relaxed))
        #expect(ledger.ticksOutOfOrder == 0)
        #expect(ledger.deliveredTwice == 0)
        #expect(ledger.delivered.isSubset(of: ledger.started))
        let evens = ledger.started.filter { $0.isMultiple(of: 2) }
        #expect(evens.count == mustArrive.load(ordering: .relaxed))
        #expect(
            evens.isSubset(of: ledger.delivered),
            "a delayed action that cannot be cancelled did not arrive")
        #expect(ledger.started.count == nextID.load(ordering: .relaxed))
        #expect(ledger.fromObservers > 0)
        #expect(overlap.overlapCount == 0, "observers were called two at a time")
        #expect(observerOrderViolations.count == 0, "an observer saw the state go back")
        // Only the endless effects that nothing cancels still run, once the completions of the
        // delayed publishers, which follow their values by a scheduled step, have come in.
        let forever = foreverEffects.load(ordering: .relaxed)
        for _ in 0..<1_000 where store?.runningEffectCount != forever {
            scheduler.waitForWorkDue(after: .milliseconds(2))
        }
        #expect(store?.runningEffectCount == forever)

        // Let go of everything: the store first, while its endless effects still run.
        dispatcher.cancel()
        store = nil
        #expect(weakStore == nil, "the store was not released")
        #expect(
            tracker.waitForRelease(seconds: 30),
            "\(tracker.aliveCount) of \(tracker.watchedCount) objects were never released: \(tracker.alive)"
        )
        #expect(tracker.aliveCount == 0)
        #expect(tracker.watchedCount > threads * operationsPerThread / 4)
    }

    @Test(
        "1,000 stores released while their delayed actions are being delivered leave nothing behind"
    )
    func storesReleasedMidDelivery() throws {
        let tracker = LifetimeTracker()
        let scheduler = DispatchQueueScheduler()
        var random = SplitMix64(seed: 0x57E5_1000)
        var stores: [WeakReference] = []
        for round in 0..<1_000 {
            let arrivals = DispatchGroup()
            let store = Store(
                initial: Ledger(threads: 1),
                mutatingReducer: Self.reducer,
                middlewares: [
                    Self.middleware(scheduler: scheduler, tracker: tracker, arrivals: arrivals)
                ]
            )
            let token = store.subscribe { _ in }
            for id in 0..<20 {
                // Odd ids only: nothing waits for them to arrive.
                store.dispatch(
                    .startDelayed(
                        id: 2 * id + 1, group: id % 3, throughPublisher: id.isMultiple(of: 2)))
            }
            store.dispatch(.startEndless(group: Self.foreverGroup))
            // Let a few deliveries begin, at a seeded-random point.
            spin(Int.random(in: 0..<20_000, using: &random))
            if round.isMultiple(of: 2) { token.cancel() }
            stores.append(WeakReference(store))
        }
        #expect(stores.allSatisfy { $0.isReleased }, "a store was kept alive")
        #expect(
            tracker.waitForRelease(seconds: 30),
            "\(tracker.aliveCount) of \(tracker.watchedCount) objects were never released: \(tracker.alive)"
        )
        #expect(tracker.aliveCount == 0)
    }

    @Test(
        "under ThreadSanitizer, it is told about Mutex's slow paths (else it reports races that are not)"
    )
    func threadSanitizerSeesMutexes() {
        #expect((thread_sanitizer_support_is_active() == 1) == isUnderThreadSanitizer)
    }

    /// Subscribes an observer that checks it is never called during another call and sees the
    /// version only grow; it captures a watched object.
    private static func observe(
        _ store: Store<Ledger, Action>,
        tracker: LifetimeTracker,
        overlap: OverlapDetector,
        violations: Tally
    ) -> AnyCancellable {
        let witness = Witness(tracker, "an object an observer captured")
        let lastVersion = TestAtomic(-1)
        return store.subscribe { [weak store] ledger in
            withExtendedLifetime(witness) {
                overlap.enter {
                    if lastVersion.exchange(ledger.version, ordering: .relaxed) >= ledger.version {
                        violations.add()
                    }
                    // Observers run outside the store's lock: reading the state cannot deadlock.
                    if ledger.version % 50 == 0, let now = store?.state.version,
                        now < ledger.version
                    {
                        violations.add()
                    }
                }
            }
        }
    }
}

extension DispatchQueueScheduler {
    /// Returns once work scheduled now to run after `delay` has run: everything due earlier on
    /// this scheduler's serial queue has run by then.
    func waitForWorkDue(after delay: Duration) {
        let done = DispatchSemaphore(value: 0)
        schedule(after: delay) { done.signal() }
        done.wait()
    }
}

/// A count that any thread may add to.
final class Tally: Sendable {
    private let value = TestAtomic(0)

    var count: Int {
        value.load(ordering: .acquiring)
    }

    func add() {
        value.add(1, ordering: .relaxed)
    }
}

/// Notices when two calls that must never overlap do.
final class OverlapDetector: Sendable {
    private let busy = TestAtomic(false)
    private let overlaps = TestAtomic(0)

    var overlapCount: Int {
        overlaps.load(ordering: .acquiring)
    }

    func enter(_ body: () -> Void) {
        let (exchanged, _) = busy.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing)
        if !exchanged { overlaps.add(1, ordering: .relaxed) }
        body()
        if exchanged { busy.store(false, ordering: .releasing) }
    }
}

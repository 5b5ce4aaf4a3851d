/// What an ``EffectContext`` remembers about throttled ids
/// (``Effect/throttle(id:for:scheduler:latest:)``): for each id, until when the value last let
/// through keeps others waiting (its window), and, for `latest: false`, the first value held
/// since, which a later effect under the id must send in its place.
///
/// An entry whose window has passed is useless (the id behaves as new): it is replaced on the
/// id's next use, or swept away when the table has doubled since the last sweep, each clock read
/// outside the lock. Each throttled value pays an amortized O(1) share of the sweeps. Decisions
/// are ``ThrottleTable``'s; this class locks, reads clocks and releases outside the lock.
final class ThrottleMemory: Sendable {
    private let table = Lock(ThrottleTable<any Scheduler>())

    init() {}

    /// How many ids are remembered: those whose windows may be open.
    var count: Int {
        table.withLock { $0.count }
    }

    /// Decides what `value`, arriving at `now` under `id`, must do, and records it: a value
    /// sent now opens a window; a value held with `latest: false` is remembered as the window's
    /// first.
    func decide<Value: Sendable>(
        _ value: Value,
        id: EffectID,
        at now: Duration,
        interval: Duration,
        latest: Bool,
        scheduler: any Scheduler
    ) -> ThrottleTable<any Scheduler>.Decision<Value> {
        let (decision, replaced, candidates) = table.withLock {
            $0.decide(
                value, id: id, at: now, interval: interval, latest: latest, clock: scheduler)
        }
        // A passed window's entry is released here, outside the lock.
        _ = replaced
        if let candidates { sweep(candidates) }
        return decision
    }

    /// Records that a held value under `id` was sent at `now`: a new window opens, and the
    /// window's first value is forgotten.
    func recordSent(id: EffectID, at now: Duration, interval: Duration, scheduler: any Scheduler) {
        let (replaced, candidates) = table.withLock {
            $0.recordSent(id: id, at: now, interval: interval, clock: scheduler)
        }
        _ = replaced
        if let candidates { sweep(candidates) }
    }

    /// Forgets everything (the context closed).
    func removeAll() {
        let entries = table.withLock { $0.removeAll() }
        _ = entries
    }

    /// Reads each candidate's clock, outside the lock, and drops the entries whose windows have
    /// passed (unless they changed meanwhile).
    private func sweep(_ candidates: [ThrottleTable<any Scheduler>.Candidate]) {
        let passed = candidates.filter { $0.clock.now >= $0.windowEnd }
        let dropped = table.withLock { $0.endSweep(passed: passed) }
        _ = dropped
    }
}

/// The throttle memory's pure state machine, generic over the clock so that tests drive it with
/// plain values.
///
/// Size and cost: `entries` holds at most twice the ids whose windows were open at the last
/// sweep, and at least ``sweepFloor``. Deciding and recording are O(1), plus, when the table
/// has doubled, an O(entries) copy for a sweep; ``endSweep(passed:)`` is O(passed).
struct ThrottleTable<Clock> {
    /// What a throttled value must do.
    enum Decision<Value> {
        /// The id's window is closed: send the value now (a window opens with it).
        case sendNow
        /// The id's window is open: hold `value` (the latest, or the window's first) until
        /// `until`, then send it.
        case hold(Value, until: Duration)
    }

    struct Entry {
        /// When values under the id may go straight through again.
        var windowEnd: Duration
        /// For `latest: false`: the first value held in this window.
        var firstHeld: (any Sendable)?
        /// The clock `windowEnd` is read on.
        let clock: Clock
    }

    /// An entry a sweep looks at: its window's end and the clock to read it on.
    struct Candidate {
        let id: EffectID
        let windowEnd: Duration
        let clock: Clock
    }

    enum Sweep {
        /// No sweep runs; the next starts when the table holds `size` entries.
        case waiting(size: Int)
        /// A sweep is reading clocks outside the lock.
        case running
    }

    /// The least size a sweep waits for.
    static var sweepFloor: Int {
        64
    }

    private(set) var entries: [EffectID: Entry] = [:]
    private(set) var sweep = Sweep.waiting(size: ThrottleTable.sweepFloor)

    init() {}

    var count: Int {
        entries.count
    }

    /// Decides what `value`, arriving at `now` under `id`, must do, and records it. Returns the
    /// decision, the entry it replaced (to release outside the lock) and, if a sweep starts,
    /// its candidates.
    mutating func decide<Value: Sendable>(
        _ value: Value, id: EffectID, at now: Duration, interval: Duration, latest: Bool,
        clock: Clock
    ) -> (Decision<Value>, replaced: Entry?, sweep: [Candidate]?) {
        if let entry = entries[id], now < entry.windowEnd {
            if latest { return (.hold(value, until: entry.windowEnd), nil, nil) }
            if let first = entry.firstHeld as? Value {
                return (.hold(first, until: entry.windowEnd), nil, nil)
            }
            entries[id]?.firstHeld = value
            return (.hold(value, until: entry.windowEnd), nil, nil)
        }
        let (replaced, candidates) = recordSent(id: id, at: now, interval: interval, clock: clock)
        return (.sendNow, replaced, candidates)
    }

    /// A value under `id` was sent at `now`: a new window opens, and the window's first value is
    /// forgotten. Returns the entry replaced and, if a sweep starts, its candidates.
    mutating func recordSent(id: EffectID, at now: Duration, interval: Duration, clock: Clock)
        -> (replaced: Entry?, sweep: [Candidate]?)
    {
        let replaced = entries.updateValue(
            Entry(windowEnd: now + interval, clock: clock), forKey: id)
        return (replaced, startSweepIfGrown())
    }

    /// The sweep read the clocks: drops the `passed` entries still as they were, and waits for
    /// the table to double again. Returns the entries dropped, for release outside the lock.
    mutating func endSweep(passed: [Candidate]) -> [Entry] {
        guard case .running = sweep else {
            preconditionFailure("ThrottleTable: a sweep ended that had not started")
        }
        var dropped: [Entry] = []
        for candidate in passed where entries[candidate.id]?.windowEnd == candidate.windowEnd {
            if let entry = entries.removeValue(forKey: candidate.id) { dropped.append(entry) }
        }
        sweep = .waiting(size: max(Self.sweepFloor, 2 * entries.count))
        return dropped
    }

    /// Forgets everything; returns the entries, for release outside the lock.
    mutating func removeAll() -> [EffectID: Entry] {
        defer { entries = [:] }
        return entries
    }

    /// Starts a sweep if none runs and the table has grown to the size it waits for: returns
    /// every entry, for the owner to check outside the lock.
    private mutating func startSweepIfGrown() -> [Candidate]? {
        guard case .waiting(let size) = sweep, entries.count >= size else { return nil }
        sweep = .running
        return entries.map {
            Candidate(id: $0.key, windowEnd: $0.value.windowEnd, clock: $0.value.clock)
        }
    }
}

extension ThrottleTable: Sendable where Clock: Sendable {}
extension ThrottleTable.Entry: Sendable where Clock: Sendable {}
extension ThrottleTable.Candidate: Sendable where Clock: Sendable {}

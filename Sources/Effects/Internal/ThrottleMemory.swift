/// What an ``EffectContext`` remembers about throttled ids
/// (``Effect/throttle(id:for:scheduler:latest:)``): for each id, until when the value last let
/// through keeps others waiting (its window), and, for `latest: false`, the first value held
/// since, which a later effect under the id must send in its place.
///
/// Memory follows the open windows, not the ids that have come and gone. An entry is useless
/// once its window has passed (a value then goes straight through, as if the id were new), so
/// it is replaced on its id's next use, and swept away otherwise: when the table has doubled
/// since the last sweep, every entry whose window has passed on its own scheduler's clock is
/// dropped. The table thus holds at most twice the ids whose windows were open at the last
/// sweep (and at least a small floor), and each throttled value pays an amortized O(1) share of
/// the sweeps. Clocks are read outside the lock: a sweep copies the entries' windows out, reads
/// each scheduler's `now`, then drops the entries still as they were.
///
/// Times of one id are compared on the clock of the scheduler that recorded them: throttle one
/// id on one scheduler, as in The Composable Architecture.
final class ThrottleMemory: Sendable {
    /// What a throttled value must do.
    enum Decision<Value> {
        /// The id's window is closed: send the value now (a window opens with it).
        case sendNow
        /// The id's window is open: hold `value` (the latest, or the window's first) until
        /// `until`, then send it.
        case hold(Value, until: Duration)
    }

    private struct Entry {
        /// When values under the id may go straight through again.
        var windowEnd: Duration
        /// For `latest: false`: the first value held in this window.
        var firstHeld: (any Sendable)?
        /// The scheduler whose clock `windowEnd` is read on.
        let scheduler: any Scheduler
    }

    private struct Table {
        var entries: [EffectID: Entry] = [:]
        /// The size at which the next sweep starts.
        var sweepAt = ThrottleMemory.sweepFloor
        var isSweeping = false

        /// Starts a sweep if the table has grown enough: returns every entry's window, for the
        /// caller to check outside the lock.
        mutating func sweepCandidates() -> [(EffectID, Duration, any Scheduler)]? {
            guard entries.count >= sweepAt, !isSweeping else { return nil }
            isSweeping = true
            return entries.map { ($0.key, $0.value.windowEnd, $0.value.scheduler) }
        }
    }

    /// The least size a sweep waits for.
    static let sweepFloor = 64

    private let table = Lock(Table())

    init() {}

    /// How many ids are remembered: those whose windows may be open.
    var count: Int {
        table.withLock { $0.entries.count }
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
    ) -> Decision<Value> {
        let (decision, replaced, candidates) = table.withLock {
            table -> (Decision<Value>, Entry?, [(EffectID, Duration, any Scheduler)]?) in
            if let entry = table.entries[id], now < entry.windowEnd {
                let held = latest ? value : (entry.firstHeld as? Value) ?? value
                if !latest, entry.firstHeld == nil {
                    table.entries[id]?.firstHeld = held
                }
                return (.hold(held, until: entry.windowEnd), nil, nil)
            }
            let replaced = table.entries.updateValue(
                Entry(windowEnd: now + interval, scheduler: scheduler), forKey: id)
            return (.sendNow, replaced, table.sweepCandidates())
        }
        // A passed window's entry is released here, outside the lock.
        _ = replaced
        if let candidates { sweep(candidates) }
        return decision
    }

    /// Records that a held value under `id` was sent at `now`: a new window opens, and the
    /// window's first value is forgotten.
    func recordSent(id: EffectID, at now: Duration, interval: Duration, scheduler: any Scheduler) {
        let (replaced, candidates) = table.withLock { table in
            (
                table.entries.updateValue(
                    Entry(windowEnd: now + interval, scheduler: scheduler), forKey: id),
                table.sweepCandidates()
            )
        }
        _ = replaced
        if let candidates { sweep(candidates) }
    }

    /// Forgets everything (the context closed).
    func removeAll() {
        let entries = table.withLock { table in
            defer { table.entries = [:] }
            return table.entries
        }
        _ = entries
    }

    /// Drops the entries whose windows have passed on their own scheduler's clock, unless they
    /// changed meanwhile, and sets the size for the next sweep.
    private func sweep(_ candidates: [(EffectID, Duration, any Scheduler)]) {
        let passed = candidates.filter { _, windowEnd, scheduler in scheduler.now >= windowEnd }
        let dropped = table.withLock { table -> [Entry] in
            var dropped: [Entry] = []
            for (id, windowEnd, _) in passed where table.entries[id]?.windowEnd == windowEnd {
                if let entry = table.entries.removeValue(forKey: id) { dropped.append(entry) }
            }
            table.isSweeping = false
            table.sweepAt = max(ThrottleMemory.sweepFloor, 2 * table.entries.count)
            return dropped
        }
        _ = dropped
    }
}

import Effects
import Synchronization

// How a drainer without a home gives up its role without taking the lock again.
//
// A dispatch that finds nobody draining becomes the drainer, reduces its action and lends the
// state in one critical section, then calls the middlewares and observers outside the lock.
// Giving the role up afterwards took a second critical section, only to find, nearly always,
// that nothing had happened meanwhile. `departure` lets it leave with one compare-and-swap
// instead, as long as nobody has touched the store's queue state since it became the drainer:
//
// - `open`: set by the dispatch that becomes the drainer (the fast path), under the lock. The
//   drainer may leave by moving it to `gone`, outside the lock (`drain`).
// - `barred`: the drainer must leave through the lock, as before. Every critical section of
//   another thread that reads or changes the phase or the queue first bars it (a
//   compare-and-swap from `open`, racing with the drainer's own), and so does the drainer when
//   it queues its own nested work. The drainer's move to `gone` then fails, and it takes the
//   locked path, which finds the work.
// - `gone`: the drainer left. The phase still reads `.draining`, but nobody drains: the next
//   critical section that looks (`settleDeparture`) sets the phase to `.idle` and the departure
//   back to `barred`, under the lock.
//
// Only the drainer writes `departure` outside the lock, and only from `open` to `gone`; every
// other write is under the lock. Its release (in the compare-and-swap) and the acquiring load of
// whoever finds `gone` order the drainer's calls out before the next drainer's. A store with a
// home never opens it: its drainer leaves through the lock, which decides about the home.

extension StoreCore {
    /// The values of `departure`.
    @usableFromInline
    enum Departure {
        /// The drainer, if any, leaves through the lock.
        @usableFromInline static var barred: UInt8 { 0 }
        /// The drainer may leave without the lock.
        @usableFromInline static var open: UInt8 { 1 }
        /// The drainer left without the lock: the phase's `.draining` is out of date.
        @usableFromInline static var gone: UInt8 { 2 }
    }

    /// Under the lock, before the phase or the queue is read or changed by anyone but the
    /// drainer: a drainer that left without the lock is gone (the phase becomes `.idle`), and one
    /// that may still leave so must now come through the lock.
    @inlinable
    @inline(__always)
    func settleDeparture(_ shared: inout Shared) {
        let seen = departure.load(ordering: .acquiring)
        if seen == Departure.barred { return }
        if seen == Departure.open {
            let (barred, _) = departure.compareExchange(
                expected: Departure.open, desired: Departure.barred,
                ordering: .acquiringAndReleasing)
            if barred { return }
        }
        // It left: nobody drains.
        departure.store(Departure.barred, ordering: .relaxed)
        shared.phase = .idle
    }

    /// Under the lock, as the dispatch fast path makes this thread the drainer of a store
    /// without a home: it may leave without the lock.
    @inlinable
    @inline(__always)
    func openDeparture() {
        departure.store(Departure.open, ordering: .relaxed)
    }

    /// Under the lock, as the drainer queues work of its own: it must leave through the lock,
    /// which finds the work.
    @inlinable
    @inline(__always)
    func barDeparture() {
        departure.store(Departure.barred, ordering: .relaxed)
    }

    /// Outside the lock, once the drainer is done: gives the role up with one compare-and-swap
    /// if nobody barred its departure; false if it must go through the lock.
    @inlinable
    @inline(__always)
    func departWithoutLock() -> Bool {
        departure.compareExchange(
            expected: Departure.open, desired: Departure.gone, ordering: .acquiringAndReleasing
        ).exchanged
    }
}

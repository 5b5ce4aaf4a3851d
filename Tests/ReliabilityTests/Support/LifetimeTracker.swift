import Dispatch
import Effects
import TestSupport

/// Keeps a weak reference to every object it is shown, and lets a test wait, on a condition,
/// until all of them are released.
///
/// An object reports its own release through a ``Lifetime`` it owns: the lifetime enters a
/// `DispatchGroup` when made and leaves it in its `deinit`, so `waitForRelease` is a
/// `DispatchGroup.wait` with a deadline as a safety net.
final class LifetimeTracker: Sendable {
    private let aliveGroup = DispatchGroup()
    private let references = Lock<[WeakReference]>([])

    init() {}

    /// Starts watching `object`; a ``Lifetime`` it owns reports its release.
    func watch(_ object: AnyObject & Sendable) {
        references.withLock { $0.append(WeakReference(object)) }
    }

    /// How many objects were watched.
    var watchedCount: Int {
        references.withLock { $0.count }
    }

    /// How many watched objects are still alive.
    var aliveCount: Int {
        references.withLock { references in references.count { !$0.isReleased } }
    }

    /// The watched objects still alive, described.
    var alive: [String] {
        references.withLock { references in references.compactMap(\.liveDescription) }
    }

    /// Waits until every ``Lifetime`` made with this tracker has ended.
    ///
    /// - Returns: False if some were still alive after `seconds`.
    func waitForRelease(seconds: Int) -> Bool {
        aliveGroup.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    fileprivate func begin() {
        aliveGroup.enter()
    }

    fileprivate func end() {
        aliveGroup.leave()
    }
}

/// Owned by a watched object, it ends when that object is released.
final class Lifetime: Sendable {
    private let tracker: LifetimeTracker

    init(_ tracker: LifetimeTracker) {
        self.tracker = tracker
        tracker.begin()
    }

    deinit {
        tracker.end()
    }
}

/// An object that a test wants released: an observer's captured object, an action's payload.
final class Witness: Sendable, CustomStringConvertible {
    let lifetime: Lifetime
    /// What it stands for, to name it if it is never released.
    let description: String

    init(_ tracker: LifetimeTracker, _ description: String) {
        lifetime = Lifetime(tracker)
        self.description = description
        tracker.watch(self)
    }
}

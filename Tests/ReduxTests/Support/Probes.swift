import Redux
import ConcurrencyTestSupport

/// An interceptor that notices when one action's trip through the pipeline starts inside
/// another's, which the store's contract forbids (a "nested reduce").
///
/// It wraps `next`: the depth goes up before the rest of the chain runs and down after, so any
/// action that reaches it while another is still in `next` pushes ``maximumDepth`` above 1.
final class NestingProbe: Sendable {
    private let depth = TestAtomic(0)
    private let deepest = TestAtomic(0)

    init() {}

    /// The greatest number of actions that were ever in the pipeline at once.
    var maximumDepth: Int {
        deepest.load(ordering: .acquiring)
    }

    func interceptor<State, Action>() -> Interceptor<State, Action> {
        Interceptor { action, _, next in
            let current = self.depth.add(1, ordering: .acquiringAndReleasing).newValue
            self.deepest.max(current, ordering: .acquiringAndReleasing)
            next(action)
            self.depth.subtract(1, ordering: .acquiringAndReleasing)
        }
    }
}

/// Notices when two calls that must never overlap do: each call goes through ``enter(_:)``,
/// which fails to take the flag if another call holds it.
final class OverlapDetector: Sendable {
    private let busy = TestAtomic(false)
    private let overlapCounter = TestAtomic(0)

    init() {}

    /// How many calls found another one under way.
    var overlapCount: Int {
        overlapCounter.load(ordering: .acquiring)
    }

    /// Runs `body`, counting an overlap if another call is inside at that moment.
    func enter(_ body: () -> Void) {
        let (exchanged, _) = busy.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing)
        if !exchanged {
            overlapCounter.add(1, ordering: .relaxed)
        }
        body()
        if exchanged {
            busy.store(false, ordering: .releasing)
        }
    }
}

import Dispatch

/// A real-time scheduler that runs work on a serial Dispatch queue.
///
/// Programs use it for delays a person should see (a mismatched pair stays face up for a
/// second). Work runs one item at a time on the queue, so deliveries through it are serial.
/// Delayed work uses a Dispatch timer that cancelling stops and releases at once.
public struct DispatchQueueScheduler: Scheduler {
    /// The queue that runs the work.
    public let queue: DispatchQueue

    private let epoch: ContinuousClock.Instant

    /// Makes a scheduler on `queue`.
    ///
    /// - Parameter queue: A serial queue; by default a new one of its own.
    public init(queue: DispatchQueue = DispatchQueue(label: "ThreeDucks.DispatchQueueScheduler")) {
        self.queue = queue
        epoch = ContinuousClock.now
    }

    /// The real time elapsed since this scheduler was made.
    public var now: Duration {
        ContinuousClock.now - epoch
    }

    /// Runs `action` asynchronously on the queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }

    /// Runs `action` on the queue once `delay` has passed.
    ///
    /// - Returns: A cancellable that stops the timer and releases `action`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let cancellable = TimerCancellable(timer: timer)
        timer.setEventHandler {
            // Cancel first: the handler (and what it captures) is released once it returns.
            timer.cancel()
            action()
        }
        timer.schedule(deadline: .now() + .nanoseconds(Self.nanoseconds(in: delay)))
        timer.resume()
        return cancellable
    }

    private static func nanoseconds(in duration: Duration) -> Int {
        let (seconds, attoseconds) = max(duration, .zero).components
        let (product, productOverflows) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        // The fraction can still tip a product just under the limit over it.
        let (total, sumOverflows) = product.addingReportingOverflow(attoseconds / 1_000_000_000)
        if productOverflows || sumOverflows { return Int.max }
        return Int(total)
    }
}

/// Cancels a one-shot Dispatch timer. Dispatch sources are thread-safe, and cancelling twice is
/// harmless, so nothing here needs a lock of its own.
private struct TimerCancellable: Cancellable, @unchecked Sendable {  // Dispatch sources are thread-safe
    let timer: any DispatchSourceTimer

    func cancel() {
        timer.cancel()
    }
}

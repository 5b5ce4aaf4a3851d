// A stand-in for Apple's Dispatch module, for Scripts/apple-typecheck only: it is type-checked
// against, never linked or run. It declares just what Effects, Redux and ReduxTesting use, with
// the signatures of the toolchain's own Dispatch (swift-corelibs-libdispatch), which Apple's
// overlay shares for these members, Sendable annotations included. All of it predates every
// system the package supports, so nothing here carries an availability attribute.
// Add a declaration only when the package starts to use it; copy its signature from
// `swift-synthesize-interface -module-name Dispatch`, not from memory.

/// The base class of queues, semaphores and sources.
public class DispatchObject {}

/// A quality-of-service class; only the default is declared.
public struct DispatchQoS: Equatable, Sendable {
    /// No quality of service specified.
    public static let unspecified = DispatchQoS()
}

/// Flags for a piece of work submitted to a queue; only the empty set is used.
public struct DispatchWorkItemFlags: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

/// A group of submitted work; declared for `async(group:)`'s default only.
public class DispatchGroup: DispatchObject, @unchecked Sendable {}

/// A key for a queue's context values.
public final class DispatchSpecificKey<T> {
    /// Makes a key.
    public init() {}
}
extension DispatchSpecificKey: Sendable where T: Sendable {}

/// A serial or concurrent queue of work.
public class DispatchQueue: DispatchObject, @unchecked Sendable {
    /// The main thread's queue.
    public class var main: DispatchQueue { DispatchQueue(label: "main") }

    /// Makes a serial queue.
    public convenience init(label: String) { self.init() }

    /// Runs `work` later on this queue.
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {}

    /// The value for `key` on the current queue.
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }

    /// The value for `key` on this queue.
    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }

    /// Sets the value for `key` on this queue.
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
}

/// A point in time on the system's uptime clock.
public struct DispatchTime: Comparable, Sendable {
    /// The current time.
    public static func now() -> DispatchTime { DispatchTime() }
    /// Compares two points in time.
    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { false }
}

/// A time interval in whole units.
public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never
}

/// The point `interval` after `time`.
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { time }

/// Whether a timed wait was signalled or ran out of time.
public enum DispatchTimeoutResult: Sendable {
    case success, timedOut
}

/// A counting semaphore.
public class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    /// Makes a semaphore with `value` signals available.
    public init(value: Int) {}
    /// Signals once; returns nonzero if it woke a thread.
    @discardableResult public func signal() -> Int { 0 }
    /// Waits for a signal.
    public func wait() {}
    /// Waits for a signal until `timeout`.
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { .success }
}

/// A source's event handler.
public typealias DispatchSourceHandler = @convention(block) () -> Void

/// What every dispatch source does.
public protocol DispatchSourceProtocol {
    /// Sets the handler run on each event.
    func setEventHandler(
        qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?)
    /// Cancels the source.
    func cancel()
    /// Resumes the source.
    func resume()
}

extension DispatchSourceProtocol {
    /// Sets the handler run on each event.
    public func setEventHandler(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        handler: DispatchSourceHandler?
    ) {}
}

/// A timer source.
public protocol DispatchSourceTimer: DispatchSourceProtocol {
    /// Arms the timer.
    func schedule(
        deadline: DispatchTime, repeating interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval)
}

extension DispatchSourceTimer {
    /// Arms the timer, once unless `interval` says otherwise.
    public func schedule(
        deadline: DispatchTime, repeating interval: DispatchTimeInterval = .never,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {}
}

/// Makes sources.
public class DispatchSource: DispatchObject, @unchecked Sendable {
    /// A timer source's flags; only the empty set is used.
    public struct TimerFlags: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Makes a set from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// Makes a suspended timer source that runs its handler on `queue`.
    public class func makeTimerSource(flags: TimerFlags = [], queue: DispatchQueue? = nil)
        -> any DispatchSourceTimer
    {
        fatalError("a stand-in for type-checking; never run")
    }
}

/// What `dispatchPrecondition` checks.
public enum DispatchPredicate: Sendable {
    case onQueue(DispatchQueue)
    case onQueueAsBarrier(DispatchQueue)
    case notOnQueue(DispatchQueue)
}

/// Stops the program unless `condition` holds (in debug builds).
public func dispatchPrecondition(
    condition: @autoclosure () -> DispatchPredicate, file: StaticString = #file, line: UInt = #line
) {}

/// A subject that hands each value it is sent to the subscribers it has at that moment.
///
/// ```swift
/// let taps = PassthroughSubject<Int>()
/// let cancellable = taps.sink { print("tapped", $0) }
/// taps.send(1)                       // tapped 1
/// taps.send(completion: .finished)
/// ```
///
/// Thread-safe: send, subscribe and cancel from any thread; nothing is called under the lock.
/// The thread that finds nobody delivering delivers; a value sent meanwhile (from another
/// thread, or from inside a subscriber) is delivered by that same thread right after the current
/// one, so every subscriber is called one call at a time and in order, and a send from inside a
/// subscriber never nests (Combine nests it). A subscriber that comes after the subject has
/// finished is finished at once.
///
/// - Complexity: A send and a cancel are O(subscribers).
public final class PassthroughSubject<Output: Sendable>: Subject, Sendable {
    @usableFromInline let core: SubjectCore<Output>

    /// Makes a subject with no subscribers.
    @inlinable
    public init() {
        core = SubjectCore(current: nil)
    }

    /// Sends `value` to every current subscriber; does nothing once the subject has finished.
    @inlinable
    public func send(_ value: Output) {
        core.send(value, replacingCurrent: false)
    }

    /// Finishes every subscriber; later sends do nothing.
    @inlinable
    public func send(completion: Subscribers.Completion) {
        core.finish()
    }

    /// Attaches `subscriber`: it receives the values sent from now on.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        core.attach(subscriber, greetsWithCurrent: false)
    }
}

extension PassthroughSubject: CustomStringConvertible {
    /// `PassthroughSubject`.
    public var description: String { "PassthroughSubject" }
}

/// A subject that keeps a current value: each new subscriber receives it first, and each value
/// sent replaces it.
///
/// ```swift
/// let volume = CurrentValueSubject<Int>(5)
/// let cancellable = volume.sink { print("volume", $0) }   // volume 5
/// volume.value = 7                                         // volume 7
/// ```
///
/// Thread-safe, with the same serial delivery as ``PassthroughSubject``. A subscriber that
/// attaches while values are being delivered receives the value current at that point in the
/// order of events, then the values sent after it. Once the subject has finished, sends are
/// ignored, setting ``value`` changes the value without sending it, and a new subscriber
/// receives the completion alone, as in Combine.
public final class CurrentValueSubject<Output: Sendable>: Subject, Sendable {
    @usableFromInline let core: SubjectCore<Output>

    /// Makes a subject whose current value is `value`.
    @inlinable
    public init(_ value: Output) {
        core = SubjectCore(current: value)
    }

    /// The current value; setting it sends the new value to every subscriber, or, once the
    /// subject has finished, only changes it, as in Combine:
    ///
    /// ```swift
    /// let volume = CurrentValueSubject<Int>(5)
    /// volume.send(completion: .finished)
    /// volume.value = 7   // nobody is told
    /// volume.send(9)     // ignored
    /// print(volume.value)   // 7
    /// ```
    public var value: Output {
        get { core.current! }
        set { core.assignCurrent(newValue) }
    }

    /// Makes `value` the current value and sends it to every subscriber; does nothing once the
    /// subject has finished.
    @inlinable
    public func send(_ value: Output) {
        core.send(value, replacingCurrent: true)
    }

    /// Finishes every subscriber; later sends do nothing.
    @inlinable
    public func send(completion: Subscribers.Completion) {
        core.finish()
    }

    /// Attaches `subscriber`: it receives the current value, then the values sent from now on.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        core.attach(subscriber, greetsWithCurrent: true)
    }
}

extension CurrentValueSubject: CustomStringConvertible {
    /// `CurrentValueSubject(<current value>)`.
    public var description: String { "CurrentValueSubject(\(value))" }
}

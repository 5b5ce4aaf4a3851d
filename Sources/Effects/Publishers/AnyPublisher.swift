extension Publisher {
    /// Hides this publisher's concrete type.
    public func eraseToAnyPublisher() -> AnyPublisher<Output> {
        AnyPublisher(self)
    }
}

/// A publisher that hides the concrete type of the publisher it wraps.
public struct AnyPublisher<Output: Sendable>: Publisher {
    private let base: any Publisher<Output>

    /// Wraps `publisher`.
    public init(_ publisher: some Publisher<Output>) {
        if let erased = publisher as? AnyPublisher<Output> {
            base = erased.base
        } else {
            base = publisher
        }
    }

    /// Attaches `subscriber` to the wrapped publisher.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        base.receive(subscriber: subscriber)
    }
}

extension AnyPublisher: CustomStringConvertible {
    /// The wrapped publisher's description, or its type name if it has none.
    public var description: String {
        if let describable = base as? any CustomStringConvertible {
            return describable.description
        }
        return "\(type(of: base))"
    }
}

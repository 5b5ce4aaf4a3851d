extension Publisher {
    /// Sends all of this publisher's values, then, once it has finished, all of `other`'s.
    ///
    /// `other` is not subscribed to until this publisher finishes.
    public func append<Other: Publisher>(_ other: Other) -> Publishers.Concatenate<Self, Other>
    where Other.Output == Output {
        Publishers.Concatenate(prefix: self, suffix: other)
    }

    /// Sends all of this publisher's values, then, once it has finished, `elements`.
    public func append(_ elements: Output...)
        -> Publishers.Concatenate<Self, Publishers.Sequence<[Output]>>
    {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends all of this publisher's values, then, once it has finished, the elements of
    /// `elements`.
    public func append<Elements: Swift.Sequence & Sendable>(_ elements: Elements)
        -> Publishers.Concatenate<Self, Publishers.Sequence<Elements>>
    where Elements.Element == Output {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }
}

extension Publishers {
    /// A publisher that sends all of a prefix's values, then all of a suffix's.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output {
        /// The output both share.
        public typealias Output = Prefix.Output

        /// The publisher that goes first.
        public let prefix: Prefix

        /// The publisher subscribed to once the prefix has finished.
        public let suffix: Suffix

        /// Makes the publisher; ``Publisher/append(_:)->Publishers.Concatenate<Self,Other>`` reads
        /// better at the call site.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Subscribes `subscriber` to the prefix, then to the suffix.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let prefix = prefix, suffix = suffix
            ConcatenateSubscription(
                downstream: subscriber,
                starts: [
                    { prefix.subscribe($0) },
                    { suffix.subscribe($0) },
                ]
            ).start()
        }
    }
}

extension Publishers.Concatenate: CustomStringConvertible {
    /// `Concatenate(<prefix>, <suffix>)`.
    public var description: String { "Concatenate(\(prefix), \(suffix))" }
}

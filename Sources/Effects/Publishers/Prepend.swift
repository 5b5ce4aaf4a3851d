extension Publisher {
    /// Sends `elements` first, then this publisher's values.
    ///
    /// This publisher is subscribed to once the elements have been sent.
    public func prepend(_ elements: Output...)
        -> Publishers.Concatenate<Publishers.Sequence<[Output]>, Self>
    {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends the elements of `elements` first, then this publisher's values.
    public func prepend<Elements: Swift.Sequence & Sendable>(_ elements: Elements)
        -> Publishers.Concatenate<Publishers.Sequence<Elements>, Self>
    where Elements.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends all of `publisher`'s values first, then, once it has finished, this publisher's.
    ///
    /// ```swift
    /// let cancellable = Just(0)
    ///     .prepend([1, 2].publisher)
    ///     .sink { print($0) }   // 1, 2, 0
    /// ```
    ///
    /// This publisher is not subscribed to until `publisher` finishes; the same as
    /// `publisher.append(self)`.
    public func prepend<First: Publisher>(_ publisher: First)
        -> Publishers.Concatenate<First, Self>
    where First.Output == Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }
}

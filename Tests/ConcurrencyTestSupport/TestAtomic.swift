import Effects

/// A value that a test's threads share, with the operations of the standard library's `Atomic`
/// that the tests use, kept behind the package's `Lock`.
///
/// The tests count, flag and compare across threads; `Synchronization.Atomic` would do, but it
/// exists on Apple platforms only from macOS 15 / iOS 18, and the package (its tests included)
/// builds for macOS 14 / iOS 17. Every operation takes the lock, which orders it with every other
/// operation on the same value: stronger than any `ordering` a test asks for, which is accepted
/// so that the tests read as they would with `Atomic`, and ignored.
public final class TestAtomic<Value: Sendable>: Sendable {
    private let value: Lock<Value>

    /// Makes the shared value.
    ///
    /// - Parameter value: Its first value.
    public init(_ value: Value) {
        self.value = Lock(value)
    }

    /// The current value.
    public func load(ordering: TestAtomicOrdering = .sequentiallyConsistent) -> Value {
        value.withLock { $0 }
    }

    /// Replaces the value.
    public func store(_ newValue: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent) {
        value.withLock { $0 = newValue }
    }

    /// Replaces the value, and returns the one it replaced.
    public func exchange(_ newValue: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent)
        -> Value
    {
        value.withLock { current in
            let old = current
            current = newValue
            return old
        }
    }
}

extension TestAtomic where Value: Equatable {
    /// Replaces the value with `desired` if it is `expected`.
    ///
    /// - Returns: Whether it was replaced, and the value found.
    public func compareExchange(
        expected: Value, desired: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent
    ) -> (exchanged: Bool, original: Value) {
        value.withLock { current in
            let original = current
            guard current == expected else { return (false, original) }
            current = desired
            return (true, original)
        }
    }
}

extension TestAtomic where Value: FixedWidthInteger {
    /// Adds `operand`, wrapping on overflow.
    ///
    /// - Returns: The value before and after.
    @discardableResult
    public func add(_ operand: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent)
        -> (oldValue: Value, newValue: Value)
    {
        value.withLock { current in
            let old = current
            current &+= operand
            return (old, current)
        }
    }

    /// Replaces the value with `operand` if `operand` is larger.
    ///
    /// - Returns: The value before and after.
    @discardableResult
    public func max(_ operand: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent)
        -> (oldValue: Value, newValue: Value)
    {
        value.withLock { current in
            let old = current
            current = Swift.max(current, operand)
            return (old, current)
        }
    }

    /// Subtracts `operand`, wrapping on overflow.
    ///
    /// - Returns: The value before and after.
    @discardableResult
    public func subtract(_ operand: Value, ordering: TestAtomicOrdering = .sequentiallyConsistent)
        -> (oldValue: Value, newValue: Value)
    {
        add(0 &- operand)
    }
}

/// The memory orderings a test may name, as `Atomic`'s operations take them; ``TestAtomic``
/// orders every operation with its lock and ignores them.
public enum TestAtomicOrdering: Sendable {
    case relaxed
    case acquiring
    case releasing
    case acquiringAndReleasing
    case sequentiallyConsistent
}

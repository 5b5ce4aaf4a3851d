/// A first-in, first-out queue: the pending work of a store, the waiting events of a relay.
///
/// A ring buffer whose size is a power of two. Popping moves the element out of its slot, so
/// what it owns is released by its taker, never inside the queue's owner's lock. The storage
/// doubles when full; above `keptRing` slots it halves when a quarter or less is in use.
///
/// - Complexity: `append` and `popFirst` are O(1) amortized; `count`, `isEmpty` and the
///   subscript O(1).
@usableFromInline
package struct FIFOQueue<Element> {
    /// Empty, or a power of two slots, the elements from `head` on (wrapping).
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0
    @usableFromInline var storedCount = 0

    @usableFromInline static var smallestRing: Int {
        16
    }

    /// The largest ring kept however few elements wait, so that a queue that fills and empties
    /// in turns does not allocate each time.
    @usableFromInline static var keptRing: Int {
        1024
    }

    @inlinable
    package init() {}

    @inlinable
    package var isEmpty: Bool {
        storedCount == 0
    }

    @inlinable
    package var count: Int {
        storedCount
    }

    @inlinable
    package mutating func append(_ element: Element) {
        if storedCount == slots.count {
            resize(to: Swift.max(Self.smallestRing, slots.count &* 2))
        }
        slots[(head &+ storedCount) & (slots.count &- 1)] = element
        storedCount &+= 1
    }

    @inlinable
    package mutating func popFirst() -> Element? {
        guard storedCount > 0 else { return nil }
        let element = slots[head].take()
        head = (head &+ 1) & (slots.count &- 1)
        storedCount &-= 1
        if slots.count > Self.keptRing, storedCount &* 4 <= slots.count {
            resize(to: slots.count / 2)
        }
        return element
    }

    /// How many slots the ring has now, for tests of its growth and shrinking.
    package var ringSize: Int {
        slots.count
    }

    /// The element `offset` places from the oldest.
    @inlinable
    package subscript(offset: Int) -> Element {
        get { slots[(head &+ offset) & (slots.count &- 1)]! }
        set { slots[(head &+ offset) & (slots.count &- 1)] = newValue }
    }

    /// `size` is a power of two, at least `storedCount`.
    @inlinable
    @inline(never)
    mutating func resize(to size: Int) {
        var resized = [Element?](repeating: nil, count: size)
        let mask = slots.count &- 1
        var offset = 0
        while offset < storedCount {
            resized[offset] = slots[(head &+ offset) & mask].take()
            offset &+= 1
        }
        slots = resized
        head = 0
    }
}

/// The elements, oldest first, by their offset from the oldest.
extension FIFOQueue: RandomAccessCollection {
    @inlinable
    package var startIndex: Int {
        0
    }

    @inlinable
    package var endIndex: Int {
        storedCount
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}

/// A first-in, first-out queue on an array: the pending work of a store, the waiting events of
/// a relay.
///
/// Popping moves a head index instead of shifting elements, and moves the element out of its
/// slot: the queue keeps no copy of what it has handed out, so whatever an element owns is
/// released where its taker lets it go, never later inside the queue's owner's lock. The
/// storage is reset when the queue empties (keeping its capacity, so a steady state allocates
/// nothing) and compacted when the head has run past half of it, so memory follows the elements
/// waiting, not those served.
///
/// - Complexity: `append`, `popFirst`, `count` and the subscript are O(1) (amortized for
///   `append` and `popFirst`).
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline var elements: [Element?] = []
    @usableFromInline var head = 0

    @inlinable
    package init() {}

    @inlinable
    package var isEmpty: Bool {
        head == elements.count
    }

    @inlinable
    package var count: Int {
        elements.count - head
    }

    @inlinable
    package mutating func append(_ element: Element) {
        elements.append(element)
    }

    @inlinable
    package mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head].take()
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The element `offset` places from the oldest.
    @inlinable
    package subscript(offset: Int) -> Element {
        get { elements[head + offset]! }
        set { elements[head + offset] = newValue }
    }
}

extension FIFOQueue: Sequence {
    /// The elements, oldest first.
    @inlinable
    package func makeIterator() -> Iterator {
        Iterator(slots: elements[head...].makeIterator())
    }

    /// Walks the waiting elements, oldest first.
    @usableFromInline
    package struct Iterator: IteratorProtocol {
        @usableFromInline var slots: ArraySlice<Element?>.Iterator

        @inlinable
        init(slots: ArraySlice<Element?>.Iterator) {
            self.slots = slots
        }

        @inlinable
        package mutating func next() -> Element? {
            // Every slot from the head on holds an element.
            slots.next() ?? nil
        }
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}

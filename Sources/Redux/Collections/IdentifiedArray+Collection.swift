extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element: always 0.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last element: ``count``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { slots.count }

    /// The element at a position, which must be in `0..<count`; set it or change it in place to
    /// update that element, keeping its id (a precondition traps when the id would change).
    ///
    /// ```swift
    /// todos[0].done = true
    /// ```
    ///
    /// Unlike a `MutableCollection`, an identified array cannot take any value at a position, so
    /// it does not conform to that protocol; it has its own ``swapAt(_:_:)``, ``sort(by:)``,
    /// ``reverse()`` and ``move(fromOffsets:toOffset:)``.
    ///
    /// - Parameter position: The element's position, from 0.
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            slots[position]!
        }
        set {
            let id = slots[position]!.id
            precondition(
                newValue.id == id,
                "IdentifiedArray[\(position)]: an element's id cannot change (\(id) became \(newValue.id))"
            )
            noteWrite(id)
            slots[position] = newValue
        }
        _modify {
            // Moved out of its slot for the access, so that a change does not copy it.
            var element = slots[position].take()!
            let id = element.id
            noteWrite(id)
            defer {
                precondition(
                    element.id == id,
                    "IdentifiedArray[\(position)]: an element's id cannot change (\(id) became \(element.id))"
                )
                slots[position] = element
            }
            yield &element
        }
    }

    /// Makes an iterator over the elements, in order.
    ///
    /// - Complexity: O(1); a whole iteration is O(n).
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(slots: slots.makeIterator())
    }

    /// Iterates over an identified array's elements, in order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var slots: ContiguousArray<Element?>.Iterator

        @inlinable
        init(slots: ContiguousArray<Element?>.Iterator) {
            self.slots = slots
        }

        /// The next element, or nil after the last.
        ///
        /// - Complexity: O(1).
        @inlinable
        public mutating func next() -> Element? {
            slots.next().map { $0! }
        }
    }
}

extension IdentifiedArray.Iterator: Sendable where Element: Sendable {}

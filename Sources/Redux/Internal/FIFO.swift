/// A first-in, first-out queue on an array, for the store's pending work.
///
/// Popping moves a head index instead of shifting elements; the storage is reset when the
/// queue empties (keeping its capacity, so a steady state allocates nothing) and compacted if
/// the head runs far ahead under a continuous load.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool {
        head == elements.count
    }

    @inlinable
    var count: Int {
        elements.count - head
    }

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable
    mutating func removeAll() {
        elements.removeAll()
        head = 0
    }
}

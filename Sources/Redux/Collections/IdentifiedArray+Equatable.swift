extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two arrays hold equal elements in the same order: an array that had an element
    /// removed equals one built without it.
    ///
    /// - Complexity: O(n).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements, in order, so that equal arrays hash alike.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(n).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self {
            hasher.combine(element)
        }
    }
}

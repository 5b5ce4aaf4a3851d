extension Array {
    /// Removes every element, one at a time from the end, keeping the storage.
    ///
    /// For the runtime's tables that empty after each burst of work (the running effects, a
    /// timer heap): they hold a few elements when they do, and popping those costs a fraction of
    /// `removeAll(keepingCapacity:)`, which goes through the general `replaceSubrange`. O(n),
    /// like `removeAll`, for an array that has grown large.
    @inlinable
    @inline(__always)
    mutating func removeAllFromEnd() {
        while !isEmpty {
            removeLast()
        }
    }
}

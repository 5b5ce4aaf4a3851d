extension ContiguousArray {
    /// Removes every element, keeping the storage: a few by popping them, more through
    /// `removeAll(keepingCapacity:)`.
    ///
    /// For the timer heap's arrays, which usually hold one or two elements when they empty
    /// after a burst of work.
    @inlinable
    @inline(__always)
    mutating func removeAllFromEnd() {
        guard count <= 8 else {
            removeAll(keepingCapacity: true)
            return
        }
        while !isEmpty {
            removeLast()
        }
    }
}

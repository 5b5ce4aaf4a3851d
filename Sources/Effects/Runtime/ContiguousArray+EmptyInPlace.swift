extension ContiguousArray {
    /// Removes every element, keeping the storage: a few by popping them, more through
    /// `removeAll(keepingCapacity:)`.
    ///
    /// For the runtime's tables that empty after each burst of work (the running effects, a
    /// timer heap): most of the time they hold one or two elements when they do, and popping
    /// those costs a fraction of `removeAll(keepingCapacity:)`, which goes through the general
    /// `replaceSubrange`; for a long run of trivial elements, that one call is the cheaper.
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

extension ContiguousArray {
    /// Removes every element, keeping the storage: for the timer heap's arrays, which usually
    /// hold one or two elements when they empty.
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

/// Calls `body` with each object of `objects`, in order, through an unretained reference.
///
/// For the store's hot loops over its middlewares and observers. The array outlives the loop
/// (the caller holds it), so nothing needs the retain and release that reading a class reference
/// out of an array costs, which is more than a middleware answering `.none` costs: with plain
/// `for in` loops, 3 `.none` middlewares cost 40 % more per dispatch (see the Performance
/// article's decision log).
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(in objects: [Object], _ body: (Object) -> Void) {
    forEachReference(in: objects, body)
}

/// The same for an array with empty slots: calls `body` with each object present.
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(in slots: [Object?], _ body: (Object) -> Void) {
    forEachReference(in: slots, body)
}

/// The one loop of both: `Element` is `Object` or `Object?`, which have one layout (a
/// reference, with nil as the null one), and the array is held by the caller for the call.
@inlinable
@inline(__always)
func forEachReference<Element, Object: AnyObject>(
    in elements: [Element], _ body: (Object) -> Void
) {
    let stride = MemoryLayout<Object?>.stride
    // decision log: Unretained loops
    elements.withUnsafeBytes { bytes in
        var at = 0   // the byte offset of the next reference
        while at < bytes.count {
            // A closure literal, not `body` itself: handed over as a value, `body` is called
            // through its context, and the caller's loop body is not inlined into this loop.
            // decision log: Unretained loops
            bytes.load(fromByteOffset: at, as: Unmanaged<Object>?.self)?._withUnsafeGuaranteedRef {
                body($0)
            }
            at &+= stride
        }
    }
}

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
    objects.withUnsafeBytes { forEachUnretained(inSlots: $0, body) }
}

/// The same for an array with empty slots: calls `body` with each object present.
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(in slots: [Object?], _ body: (Object) -> Void) {
    slots.withUnsafeBytes { forEachUnretained(inSlots: $0, body) }
}

/// The one loop of both: `bytes` holds class references, each optional or not (the two have one
/// layout: a reference, with nil as the null one), for the duration of the call.
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(
    inSlots bytes: UnsafeRawBufferPointer, _ body: (Object) -> Void
) {
    let stride = MemoryLayout<Object?>.stride
    var offset = 0
    while offset < bytes.count {
        // A closure literal, not `body` itself: handed over as a value, `body` is called
        // through its context, and the caller's loop body is not inlined into this loop.
        bytes.load(fromByteOffset: offset, as: Unmanaged<Object>?.self)?._withUnsafeGuaranteedRef {
            body($0)
        }
        offset &+= stride
    }
}

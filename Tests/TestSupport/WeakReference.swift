/// A weak reference that can be kept in a list, to tell later whether its object was released.
public struct WeakReference: Sendable {
    private weak var object: (AnyObject & Sendable)?

    /// A weak reference to `object`.
    public init(_ object: AnyObject & Sendable) {
        self.object = object
    }

    /// Whether the object has been released.
    public var isReleased: Bool {
        object == nil
    }

    /// The object's description, if it is still alive.
    public var liveDescription: String? {
        object.map { String(describing: $0) }
    }
}

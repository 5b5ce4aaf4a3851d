/// Reads one part of a value through a key path, at the part's place in the value's memory when
/// the key path names stored properties only.
///
/// A read through a key path (`root[keyPath: path]`) goes through the runtime's generic key path
/// projection, which dominates an ``ObservableStore`` comparing a field nobody changed (the
/// decision log's "Fields read at their offset" has the figures). A key path of stored
/// properties of structs and tuples (`\.title`, `\.settings.volume`, `\.rows`) has a fixed
/// offset in its root, which the standard library tells (`MemoryLayout.offset(of:)`), so the
/// value is read there instead.
/// Any other key path (a computed property, a subscript, an optional chain, a class on the way)
/// has no offset and is read through the key path, as before.
///
/// The offset is asked once, when the reader is made; a reader is made once per part an
/// observer reads, not per action. This is the one raw-memory read of the module, in the
/// Performance article's decision log.
@usableFromInline
struct FieldReader<Root, Value> {
    /// The part read.
    @usableFromInline let path: KeyPath<Root, Value>
    /// Where the part lies in a `Root`, when the key path names stored properties only.
    @usableFromInline let offset: Int?

    /// A reader of `path`.
    @inlinable
    init(_ path: KeyPath<Root, Value>) {
        self.path = path
        offset = MemoryLayout<Root>.offset(of: path)
    }

    /// The part of `root` the key path names: the same value as `root[keyPath: path]`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: path] }
        // The offset is the stored property's own, inside `root`'s inline storage (a class or
        // anything else behind a reference has none: `offset(of:)` answers nil), so the bytes
        // there are an initialized, aligned `Value`; `load` copies it out, retaining what it
        // holds, as a read through the key path would.
        // decision log: Fields read at their offset
        return withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
    }
}

/// Reads one part of a value through a key path, at the part's offset in the value when the key
/// path names stored properties of structs and tuples only (`\.title`, `\.settings.volume`).
///
/// A read through the key path goes through the runtime's generic projection, which dominated
/// an ``ObservableStore`` comparing fields nobody changed (the decision log's "Fields read at
/// their offset"). Any other key path (computed, subscript, optional chain, through a class)
/// has no offset and is read through the key path. The offset is asked once, when the reader
/// is made: once per part an observer reads, not per action.
@usableFromInline
struct FieldReader<Root, Value> {
    @usableFromInline let path: KeyPath<Root, Value>
    @usableFromInline let offset: Int?

    @inlinable
    init(_ path: KeyPath<Root, Value>) {
        self.path = path
        offset = MemoryLayout<Root>.offset(of: path)
    }

    /// The same value as `root[keyPath: path]`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: path] }
        // `offset(of:)` answers only for a stored property in `root`'s inline storage, so the
        // bytes there are an initialized, aligned `Value`; `load` copies it, retaining as a read
        // through the key path would.
        // decision log: Fields read at their offset
        return withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
    }
}

/// The effect table's map from a cancellation id to what runs under it: a dictionary with its
/// first entry kept inline, beside it.
///
/// Most stores run one or two ids at a time, and the busiest of them (a game's pending timer, a
/// search's in-flight request) is registered and emptied once per effect. Kept inline, that id
/// costs a comparison of references (copies of one id compare by identity, see ``EffectID``)
/// instead of a hash lookup, an insertion and a deletion in a dictionary. Any other id goes to
/// the dictionary, so the registry still answers in O(1) for any number of ids and holds each
/// one only while something is registered under it.
///
/// Invariant: an id is in at most one of the two places, and the inline entry is taken only
/// when the dictionary is empty, so that an insertion never has to look for its id in both.
struct IDRegistry<Value> {
    /// An id and what is registered under it.
    private struct Entry {
        let id: EffectID
        var value: Value
    }

    private var inline: Entry?
    private var others: [EffectID: Value] = [:]

    init() {}

    /// How many ids are registered.
    var count: Int {
        others.count + (inline == nil ? 0 : 1)
    }

    /// What is registered under every id, in no particular order.
    var values: [Value] {
        var values = Array(others.values)
        if let inline { values.append(inline.value) }
        return values
    }

    /// Registers `value` under `id`, returning what it replaces.
    @inline(__always)
    mutating func updateValue(_ value: Value, forKey id: EffectID) -> Value? {
        if inline != nil, inline.unsafelyUnwrapped.id == id {
            // The value alone is replaced: the id kept is not copied again.
            let previous = inline.unsafelyUnwrapped.value
            inline!.value = value
            return previous
        }
        if inline == nil, others.isEmpty {
            inline = Entry(id: id, value: value)
            return nil
        }
        return others.updateValue(value, forKey: id)
    }

    /// Takes what is registered under `id` out of the registry.
    @inline(__always)
    mutating func removeValue(forKey id: EffectID) -> Value? {
        if inline != nil, inline.unsafelyUnwrapped.id == id {
            let removed = inline.unsafelyUnwrapped.value
            inline = nil
            return removed
        }
        return others.isEmpty ? nil : others.removeValue(forKey: id)
    }

    /// Empties the registry, returning what it held.
    mutating func removeAll() -> [Value] {
        defer {
            inline = nil
            others = [:]
        }
        return values
    }
}

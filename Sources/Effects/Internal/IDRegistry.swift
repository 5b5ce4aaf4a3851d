/// The effect table's map from a cancellation id to what runs under it: a dictionary with its
/// first entry kept inline, beside it.
///
/// Most stores run one or two ids at a time, and the busiest of them (a game's pending timer, a
/// search's in-flight request) is registered and emptied once per effect. Kept inline, that id
/// costs a comparison of references (copies of one id compare by identity, see ``EffectID``)
/// instead of a hash lookup, an insertion and a deletion in a dictionary. Any other id goes to
/// the dictionary, so the registry still answers in O(1) for any number of ids.
///
/// The inline id stays when what was registered under it leaves, vacant: the busiest id is
/// registered again and again, and a vacant slot takes it back with a comparison, without
/// copying the id (a retain, and a release when it leaves). A different id replaces a vacant one
/// when it takes the slot. So the registry holds the ids that something is registered under,
/// and one more at most: the last inline one.
///
/// Invariant: an id is registered in at most one of the two places, and the inline slot takes a
/// new id only when nothing is registered inline and the dictionary is empty, so that an
/// insertion never has to look for its id in both (an id in the dictionary is never the inline
/// one, vacant or not).
struct IDRegistry<Value> {
    /// The id kept inline, if `hasInlineID`: registered when `inlineValue` holds something,
    /// vacant otherwise. Not optional, so that comparing it reads it in place (unwrapped from an
    /// optional, it would be copied for the comparison: a retain and a release).
    private var inlineID = EffectID(IDRegistrySlot.unused)
    private var hasInlineID = false
    private var inlineValue: Value?
    private var others: [EffectID: Value] = [:]

    init() {}

    /// How many ids are registered (a vacant inline id is not).
    var count: Int {
        others.count + (inlineValue == nil ? 0 : 1)
    }

    /// What is registered under every id, in no particular order.
    var values: [Value] {
        var values = Array(others.values)
        if let inlineValue { values.append(inlineValue) }
        return values
    }

    /// Registers `value` under `id`, returning what it replaces.
    @inline(__always)
    mutating func updateValue(_ value: Value, forKey id: EffectID) -> Value? {
        if hasInlineID, inlineID == id {
            // The value alone is replaced (or fills the vacant slot): the id is not copied again.
            let previous = inlineValue.take()
            inlineValue = value
            return previous
        }
        if inlineValue == nil, others.isEmpty {
            inlineID = id
            hasInlineID = true
            inlineValue = value
            return nil
        }
        return others.updateValue(value, forKey: id)
    }

    /// Takes what is registered under `id` out of the registry.
    @inline(__always)
    mutating func removeValue(forKey id: EffectID) -> Value? {
        if hasInlineID, inlineID == id {
            // The id stays, vacant.
            return inlineValue.take()
        }
        return others.isEmpty ? nil : others.removeValue(forKey: id)
    }

    /// Empties the registry, returning what it held; the vacant id goes too.
    mutating func removeAll() -> [Value] {
        defer {
            inlineID = EffectID(IDRegistrySlot.unused)
            hasInlineID = false
            inlineValue = nil
            others = [:]
        }
        return values
    }
}

/// What the inline id slot of an ``IDRegistry`` holds before any id has taken it.
private enum IDRegistrySlot: Hashable, Sendable {
    case unused
}

import Effects
import Testing

@Suite struct EffectIDTests {
    private struct Timer: Hashable, Sendable {}

    /// Every value hashes alike, so that only equality can tell them apart.
    private struct Colliding: Hashable, Sendable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test("ids of equal values of one type are equal, and hash alike")
    func equalValues() {
        #expect(EffectID(Timer()) == EffectID(Timer()))
        #expect(EffectID("game") == EffectID("game"))
        #expect(EffectID("game").hashValue == EffectID("game").hashValue)
    }

    @Test("ids of different values, or of different types, differ")
    func differentValues() {
        #expect(EffectID("game") != EffectID("menu"))
        #expect(EffectID(1) != EffectID(Int8(1)))
        #expect(EffectID(1) != EffectID("1"))
    }

    @Test("values whose hashes collide are still told apart")
    func collidingHashes() {
        #expect(EffectID(Colliding(value: 1)) != EffectID(Colliding(value: 2)))
        #expect(EffectID(Colliding(value: 1)) == EffectID(Colliding(value: 1)))
    }

    @Test("wrapping an id again gives the same id")
    func wrappingAgain() {
        let id = EffectID("game")
        #expect(EffectID(id) == id)
        #expect(EffectID(id).description == "game")
    }
}

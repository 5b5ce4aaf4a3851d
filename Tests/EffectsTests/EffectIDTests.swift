import Effects
import ConcurrencyTestSupport
import Testing

@Suite struct EffectIDTests {
    private struct Timer: Hashable, Sendable {}

    /// Every value hashes alike, so that only equality can tell them apart.
    private struct Colliding: Hashable, Sendable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    /// Counts the comparisons of its values, so that a test can tell whether an id compared
    /// them.
    private struct Counted: Hashable, Sendable {
        static let comparisons = TestAtomic<Int>(0)
        let name: String
        static func == (lhs: Counted, rhs: Counted) -> Bool {
            comparisons.add(1, ordering: .relaxed)
            return lhs.name == rhs.name
        }
    }

    @Test("copies of one id are equal without comparing the values they wrap")
    func copiesCompareByIdentity() {
        let id = EffectID(Counted(name: "game"))
        let copy = id
        let before = Counted.comparisons.load(ordering: .relaxed)
        #expect(copy == id)
        #expect(Counted.comparisons.load(ordering: .relaxed) == before)
        // An id made apart from it compares the values.
        #expect(EffectID(Counted(name: "game")) == id)
        #expect(Counted.comparisons.load(ordering: .relaxed) == before + 1)
    }

    @Test(
        "pairs (scope, id) made apart are equal when both their ids are, and hash alike; any other pair or id differs"
    )
    func scopedPairs() {
        let row1 = EffectID("row 1"), save = EffectID("save")
        let pair = EffectID(ScopedEffectID(scope: row1, id: save))
        let again = EffectID(ScopedEffectID(scope: EffectID("row 1"), id: EffectID("save")))
        #expect(pair == again)
        #expect(pair.hashValue == again.hashValue)
        #expect(pair != EffectID(ScopedEffectID(scope: EffectID("row 2"), id: save)))
        #expect(pair != EffectID(ScopedEffectID(scope: row1, id: EffectID("search"))))
        #expect(pair != EffectID(ScopedEffectID(scope: save, id: row1)), "the order matters")
        #expect(pair != row1 && pair != save)
        #expect(EffectID(pair) == pair, "wrapping a pair's id again gives the same id")
        let nested = EffectID(ScopedEffectID(scope: pair, id: save))
        #expect(nested == EffectID(ScopedEffectID(scope: again, id: EffectID("save"))))
        #expect(nested != pair)
        #expect(Set([pair, again, nested]).count == 2)
        #expect("\(pair)" == "save in row 1")
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

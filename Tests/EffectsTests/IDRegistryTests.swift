@testable import Effects
import Testing

@Suite struct IDRegistryTests {
    @Test("an id registered while another is kept inline is found, replaced and removed")
    func secondIDBesideTheInlineOne() {
        var registry = IDRegistry<String>()
        let first = EffectID("first")
        let second = EffectID("second")
        #expect(registry.updateValue("a", forKey: first) == nil)
        #expect(registry.updateValue("b", forKey: second) == nil)
        #expect(registry.count == 2)
        // The first leaves; the second, in the dictionary, is still found, and a third id
        // registered now must not shadow it.
        #expect(registry.removeValue(forKey: first) == "a")
        #expect(registry.updateValue("c", forKey: EffectID("third")) == nil)
        #expect(registry.updateValue("b2", forKey: second) == "b")
        #expect(registry.removeValue(forKey: second) == "b2")
        #expect(registry.removeValue(forKey: second) == nil)
        #expect(registry.count == 1)
    }

    @Test("the inline id stays vacant when its value leaves, and a different id takes its place")
    func vacantInlineID() {
        var registry = IDRegistry<String>()
        var first: EffectID? = EffectID(Token())
        weak let firstIdentity = first?.identity as AnyObject?
        #expect(registry.updateValue("a", forKey: first!) == nil)
        #expect(registry.removeValue(forKey: first!) == "a")
        #expect(registry.count == 0)
        #expect(registry.values.isEmpty)
        // Vacant, it still answers for its id: registered again, then removed again.
        #expect(registry.updateValue("b", forKey: first!) == nil)
        #expect(registry.count == 1)
        #expect(registry.removeValue(forKey: first!) == "b")
        first = nil
        #expect(firstIdentity != nil, "the vacant slot keeps the last inline id")
        // Another id takes the slot; the vacant one is let go: one extra id at most.
        let second = EffectID("second")
        #expect(registry.updateValue("c", forKey: second) == nil)
        #expect(firstIdentity == nil)
        #expect(registry.count == 1)
        #expect(registry.removeValue(forKey: second) == "c")
    }

    @Test("10,000 random registrations and removals over a few ids answer as a dictionary does")
    func behavesAsADictionary() {
        var generator = SplitMix64(seed: 7)
        // Copies of one id, as a store sees them: the same object each time, or an equal one.
        let ids = (0..<5).map { EffectID($0) }
        var registry = IDRegistry<Int>()
        var model: [EffectID: Int] = [:]
        for step in 0..<10_000 {
            let index = Int(generator.next() % 5)
            let id = generator.next().isMultiple(of: 2) ? ids[index] : EffectID(index)
            if generator.next() % 3 == 0 {
                #expect(registry.removeValue(forKey: id) == model.removeValue(forKey: id))
            } else {
                #expect(
                    registry.updateValue(step, forKey: id) == model.updateValue(step, forKey: id))
            }
            #expect(registry.count == model.count)
        }
        #expect(registry.values.sorted() == model.values.sorted())
        #expect(registry.removeAll().sorted() == model.values.sorted())
        #expect(registry.count == 0)
    }
}

/// An id whose value is an object, so that a test can see when the registry lets it go.
private final class Token: Hashable, Sendable {
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

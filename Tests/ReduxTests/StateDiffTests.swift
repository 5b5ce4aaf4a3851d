import Redux
import Testing

@Suite struct StateDiffTests {
    struct Address: Equatable {
        var street = "1 Main St"
        var city = "Paris"
        var zip: Int?
    }

    struct Person: Equatable {
        var name = "Ada"
        var age = 36
        var address = Address()
        var tags = ["math", "engines"]
        var scores: [String: Int] = ["a": 1, "b": 2]
        var nickname: String?
        var previousAddress: Address?
    }

    enum Mood: Equatable {
        case calm
        case excited(level: Int)
    }

    final class Box {
        var value: Int
        var label: String

        init(value: Int, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// Each change as `[path, old, new]`, to compare whole.
    private func changes<Value>(from old: Value, to new: Value) -> [[String]] {
        StateDiff(from: old, to: new).changes.map { [$0.path, $0.old, $0.new] }
    }

    @Test("equal values have no change")
    func equal() {
        let diff = StateDiff(from: Person(), to: Person())
        #expect(diff.isEmpty)
        #expect(diff.changes.isEmpty)
        #expect(diff.description == "")
        #expect(diff == StateDiff(from: 1, to: 1))
    }

    @Test("a field of a nested struct is named by its path")
    func nestedStruct() {
        var person = Person()
        person.address.city = "Lyon"
        #expect(changes(from: Person(), to: person) == [["address.city", "\"Paris\"", "\"Lyon\""]])
    }

    @Test("changes are listed in the order of the value's layout")
    func layoutOrder() {
        var person = Person()
        person.previousAddress = Address(city: "Rome")
        person.age = 37
        person.address.street = "2 Side St"
        person.name = "Ada L."

        #expect(
            StateDiff(from: Person(), to: person).changes.map(\.path) == [
                "name", "age", "address.street", "previousAddress",
            ])
    }

    @Test("array elements are compared by index when the count is the same")
    func arraysByIndex() {
        var person = Person()
        person.tags[1] = "looms"
        #expect(changes(from: Person(), to: person) == [["tags[1]", "\"engines\"", "\"looms\""]])

        let before = [Address(), Address()]
        var after = before
        after[1].zip = 75001
        #expect(changes(from: before, to: after) == [["[1].zip", "nil", "75001"]])
    }

    @Test("arrays of different lengths are shown whole")
    func arraysOfDifferentLengths() {
        var person = Person()
        person.tags.append("poetry")
        #expect(
            changes(from: Person(), to: person) == [
                ["tags", #"["math", "engines"]"#, #"["math", "engines", "poetry"]"#]
            ])
    }

    @Test("dictionary entries are compared by key, in key order, with (none) for a missing one")
    func dictionaries() {
        var person = Person()
        person.scores = ["b": 3, "c": 4]
        #expect(
            changes(from: Person(), to: person) == [
                [#"scores["a"]"#, "1", "(none)"],
                [#"scores["b"]"#, "2", "3"],
                [#"scores["c"]"#, "(none)", "4"],
            ])

        let before: [Int: Address] = [1: Address(), 2: Address()]
        var after = before
        after[2]?.city = "Nice"
        #expect(changes(from: before, to: after) == [["[2].city", "\"Paris\"", "\"Nice\""]])
    }

    @Test("optionals: nil and a value are shown as such; two values are compared inside")
    func optionals() {
        var person = Person()
        person.nickname = "Countess"
        person.previousAddress = Address()
        #expect(
            changes(from: Person(), to: person) == [
                ["nickname", "nil", "\"Countess\""],
                [
                    "previousAddress", "nil",
                    "Address(street: \"1 Main St\", city: \"Paris\", zip: nil)",
                ],
            ])

        var moved = person
        moved.nickname = nil
        moved.previousAddress?.zip = 75001
        #expect(
            changes(from: person, to: moved) == [
                ["nickname", "\"Countess\"", "nil"],
                ["previousAddress.zip", "nil", "75001"],
            ])
    }

    @Test("enums are compared by their description")
    func enums() {
        #expect(
            changes(from: Mood.calm, to: .excited(level: 3)) == [["", "calm", "excited(level: 3)"]])
        #expect(
            changes(from: Mood.excited(level: 1), to: .excited(level: 2)) == [
                ["", "excited(level: 1)", "excited(level: 2)"]
            ])
        #expect(StateDiff(from: Mood.excited(level: 1), to: .excited(level: 1)).isEmpty)
    }

    @Test("class instances are compared field by field")
    func classes() {
        let before = Box(value: 1, label: "one")
        let after = Box(value: 2, label: "one")
        #expect(changes(from: before, to: after) == [["value", "1", "2"]])
    }

    @Test("tuple elements are named by their label or position")
    func tuples() {
        #expect(changes(from: (x: 1, y: 2), to: (x: 1, y: 3)) == [["y", "2", "3"]])

        struct Pair: Equatable {
            var pair: (Int, String)

            static func == (lhs: Pair, rhs: Pair) -> Bool {
                lhs.pair == rhs.pair
            }
        }
        #expect(
            changes(from: Pair(pair: (1, "a")), to: Pair(pair: (2, "a"))) == [["pair.0", "1", "2"]])
    }

    @Test("a plain value at the root has an empty path, printed as (value)")
    func root() {
        let diff = StateDiff(from: 1, to: 2)
        #expect(changes(from: 1, to: 2) == [["", "1", "2"]])
        #expect(diff.description == "(value): 1 → 2")
        #expect(StateDiff(from: "a", to: "b").description == #"(value): "a" → "b""#)
    }

    @Test("the description has one line per change, path: old → new")
    func description() {
        var person = Person()
        person.age = 37
        person.tags[0] = "logic"
        #expect(
            StateDiff(from: Person(), to: person).description == """
                age: 36 → 37
                tags[0]: "math" → "logic"
                """)
    }
}

@Suite struct StateDiffSetTests {
    struct Tagged: Equatable {
        var tags: Set<String>
    }

    @Test("equal sets show no change, whatever their iteration order")
    func equalSetsShowNoChange() {
        // Built in opposite orders, and large enough that their storage orders differ.
        let words = (0..<50).map { "tag\($0)" }
        let forward = Tagged(tags: Set(words))
        var backward = Tagged(tags: [])
        for word in words.reversed() { backward.tags.insert(word) }
        #expect(StateDiff(from: forward, to: backward).isEmpty)
    }

    @Test("a changed set shows its members before and after, sorted")
    func changedSetShowsMembers() {
        let diff = StateDiff(from: Tagged(tags: ["b", "a"]), to: Tagged(tags: ["a", "c"]))
        #expect(diff.description == #"tags: ["a", "b"] → ["a", "c"]"#)
    }
}

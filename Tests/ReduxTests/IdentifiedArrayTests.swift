import Foundation
import Redux
import Testing

/// The row of the doc comments' examples.
private struct Todo: Identifiable, Equatable {
    let id: Int
    var title: String
    var done = false
}

@Suite struct IdentifiedArrayTests {
    struct Row: Identifiable, Hashable, Codable, Sendable, CustomStringConvertible {
        let id: Int
        var title: String

        init(_ id: Int, _ title: String = "") {
            self.id = id
            self.title = title.isEmpty ? "row \(id)" : title
        }

        var description: String { "#\(id)" }
    }

    /// Rows with the given ids, titled after them.
    private func rows(_ ids: [Int]) -> IdentifiedArrayOf<Row> {
        IdentifiedArray(uniqueElements: ids.map { Row($0) })
    }

    /// Checks every way to read `array` against `expected`, a plain array of the same rows: the
    /// order, each position, each id's lookup and position, and ids that are not there.
    private func expect(
        _ array: IdentifiedArrayOf<Row>, toBe expected: [Row],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Array(array) == expected, sourceLocation: sourceLocation)
        #expect(array.elements == expected, sourceLocation: sourceLocation)
        #expect(Array(array.ids) == expected.map(\.id), sourceLocation: sourceLocation)
        #expect(array.count == expected.count, sourceLocation: sourceLocation)
        #expect(array.indices == expected.indices, sourceLocation: sourceLocation)
        for (position, row) in expected.enumerated() {
            #expect(array[position] == row, sourceLocation: sourceLocation)
            #expect(array[id: row.id] == row, sourceLocation: sourceLocation)
            #expect(array.index(id: row.id) == position, sourceLocation: sourceLocation)
        }
        #expect(array[id: -1] == nil, sourceLocation: sourceLocation)
        #expect(array.index(id: -1) == nil, sourceLocation: sourceLocation)
    }

    // MARK: - Order

    @Test("append adds at the end, and an id already there changes nothing")
    func append() {
        var array: IdentifiedArrayOf<Row> = []
        #expect(array.append(Row(1)) == (inserted: true, index: 0))
        #expect(array.append(Row(2)) == (inserted: true, index: 1))
        #expect(array.append(Row(1, "again")) == (inserted: false, index: 0))
        expect(array, toBe: [Row(1), Row(2)])

        array.append(contentsOf: [Row(3), Row(2, "again"), Row(4), Row(3, "twice")])
        expect(array, toBe: [Row(1), Row(2), Row(3), Row(4)])
    }

    @Test("insert(at:) puts the element at the position and moves the rest up")
    func insert() {
        var array = rows([1, 2, 3])
        #expect(array.insert(Row(9), at: 1) == (inserted: true, index: 1))
        #expect(array.insert(Row(8), at: 0) == (inserted: true, index: 0))
        #expect(array.insert(Row(7), at: 5) == (inserted: true, index: 5))
        #expect(array.insert(Row(2, "again"), at: 0) == (inserted: false, index: 3))
        expect(array, toBe: [Row(8), Row(1), Row(9), Row(2), Row(3), Row(7)])
    }

    @Test("move(fromOffsets:toOffset:) moves the elements, in order, before the destination")
    func move() {
        var array = rows([1, 2, 3, 4])
        array.move(fromOffsets: [0, 2], toOffset: 4)
        expect(array, toBe: [Row(2), Row(4), Row(1), Row(3)])
        array.move(fromOffsets: [3], toOffset: 0)
        expect(array, toBe: [Row(3), Row(2), Row(4), Row(1)])
        array.move(fromOffsets: [1, 2], toOffset: 1)
        expect(array, toBe: [Row(3), Row(2), Row(4), Row(1)])
        array.move(fromOffsets: [], toOffset: 0)
        expect(array, toBe: [Row(3), Row(2), Row(4), Row(1)])
        array.move(fromOffsets: [2, 0, 2], toOffset: 2)
        expect(array, toBe: [Row(2), Row(3), Row(4), Row(1)])
    }

    @Test("remove(id:), remove(at:) and removeAll(where:) keep the others in order")
    func remove() {
        var array = rows(Array(1...8))
        #expect(array.remove(id: 3) == Row(3))
        #expect(array.remove(id: 3) == nil)
        expect(array, toBe: [1, 2, 4, 5, 6, 7, 8].map { Row($0) })

        #expect(array.remove(at: 2) == Row(4))
        expect(array, toBe: [1, 2, 5, 6, 7, 8].map { Row($0) })

        array.removeAll { $0.id.isMultiple(of: 2) }
        expect(array, toBe: [1, 5, 7].map { Row($0) })

        array.removeAll()
        expect(array, toBe: [])
        array.append(Row(3))
        expect(array, toBe: [Row(3)])
    }

    @Test("removeAll(where:) that throws removes what it chose before, and keeps the rest")
    func removeAllThrowing() {
        struct Stop: Error {}
        var array = rows([1, 2, 3, 4, 5])
        #expect(throws: Stop.self) {
            try array.removeAll { row in
                if row.id == 4 { throw Stop() }
                return row.id.isMultiple(of: 2)
            }
        }
        expect(array, toBe: [1, 3, 4, 5].map { Row($0) })
    }

    // MARK: - What SwiftUI and swift-identified-collections users reach for

    @Test("remove(atOffsets:) removes the elements at those positions, as onDelete gives them")
    func removeAtOffsets() {
        var array = rows([1, 2, 3, 4, 5])
        array.remove(atOffsets: [0, 2, 2])
        expect(array, toBe: [2, 4, 5].map { Row($0) })
        array.remove(atOffsets: [])
        expect(array, toBe: [2, 4, 5].map { Row($0) })
        array.remove(atOffsets: [2, 1, 0])
        expect(array, toBe: [])
    }

    @Test("sort(by:), sort() and reverse() reorder the elements, each still found by id")
    func sortAndReverse() {
        var array = rows([3, 1, 4, 5, 2])
        array[id: 4]?.title = "four"
        array.sort { $0.id < $1.id }
        expect(array, toBe: [Row(1), Row(2), Row(3), Row(4, "four"), Row(5)])
        array.reverse()
        expect(array, toBe: [Row(5), Row(4, "four"), Row(3), Row(2), Row(1)])

        struct Score: Identifiable, Comparable {
            let id: Int
            static func < (lhs: Score, rhs: Score) -> Bool { lhs.id < rhs.id }
        }
        var scores = IdentifiedArray(uniqueElements: [Score(id: 2), Score(id: 0), Score(id: 1)])
        scores.sort()
        #expect(scores.ids == [0, 1, 2])
        #expect(scores.index(id: 2) == 2)
    }

    @Test("swapAt exchanges two elements and their positions by id")
    func swapAt() {
        var array = rows([1, 2, 3, 4])
        array.swapAt(0, 3)
        expect(array, toBe: [4, 2, 3, 1].map { Row($0) })
        array.swapAt(1, 1)
        expect(array, toBe: [4, 2, 3, 1].map { Row($0) })
    }

    @Test("removeFirst and removeLast return the element removed and keep the rest found by id")
    func removeFirstAndLast() {
        var array = rows([1, 2, 3, 4])
        #expect(array.removeFirst() == Row(1))
        #expect(array.removeLast() == Row(4))
        expect(array, toBe: [Row(2), Row(3)])
        array.append(Row(1))
        expect(array, toBe: [Row(2), Row(3), Row(1)])
    }

    @Test("filter keeps the type: the result is an identified array, looked up by id")
    func filterKeepsTheType() {
        let array = rows([1, 2, 3, 4, 5])
        let odd: IdentifiedArrayOf<Row> = array.filter { !$0.id.isMultiple(of: 2) }
        expect(odd, toBe: [1, 3, 5].map { Row($0) })
        let inferred = array.filter { $0.id > 3 }
        #expect(inferred[id: 4] == Row(4))
        expect(array, toBe: [1, 2, 3, 4, 5].map { Row($0) })
    }

    @Test("ids answer contains and firstIndex by their table, and compare with an array literal")
    func ids() {
        var array = rows([5, 7, 9])
        let ids = array.ids
        #expect(ids.contains(7))
        #expect(!ids.contains(8))
        #expect(ids.firstIndex(of: 9) == 2)
        #expect(ids.firstIndex(of: 8) == nil)
        #expect(ids == [5, 7, 9])
        #expect(ids.description == "[5, 7, 9]")
        array.remove(id: 7)
        #expect(ids == [5, 7, 9], "the ids read before keep their value")
        #expect(array.ids == [5, 9])
        #expect(!array.ids.contains(7))
        #expect(array.ids != ids)
    }

    // MARK: - Lookup by id

    @Test("an element changed through an inout access by id is updated, or removed when set to nil")
    func inoutAccessByID() {
        func retitle(_ row: inout Row?) { row?.title = "changed" }
        func clear(_ row: inout Row?) { row = nil }
        func fill(_ row: inout Row?) { row = Row(9) }
        var array = rows([1, 2, 3])
        retitle(&array[id: 2])
        clear(&array[id: 1])
        fill(&array[id: 9])
        clear(&array[id: 7])
        expect(array, toBe: [Row(2, "changed"), Row(3), Row(9)])
    }

    @Test("subscript(id:) reads, updates in place, appends a new id, and removes on nil")
    func subscriptByID() {
        var array = rows([1, 2, 3])
        #expect(array[id: 2] == Row(2))
        #expect(array[id: 4] == nil)

        array[id: 2]?.title = "two"
        array[id: 4]?.title = "nobody"
        expect(array, toBe: [Row(1), Row(2, "two"), Row(3)])

        array[id: 3] = Row(3, "three")
        array[id: 5] = Row(5)
        expect(array, toBe: [Row(1), Row(2, "two"), Row(3, "three"), Row(5)])

        array[id: 1] = nil
        array[id: 6] = nil
        expect(array, toBe: [Row(2, "two"), Row(3, "three"), Row(5)])
    }

    @Test("an element updated by position keeps its place and its id's lookup")
    func updateByPosition() {
        var array = rows([1, 2, 3, 4])
        array.remove(id: 2)
        array[1].title = "three"
        array[2] = Row(4, "four")
        expect(array, toBe: [Row(1), Row(3, "three"), Row(4, "four")])
    }

    @Test("lookups by id and by position stay right through removals, appends and moves")
    func lookupAfterManyChanges() {
        // Each step changes both, then every lookup is checked against the plain array.
        var array = rows(Array(0..<64))
        var expected = (0..<64).map { Row($0) }
        var nextID = 64
        for step in 0..<200 {
            switch step % 5 {
            case 0, 1:
                let row = expected.remove(at: (step * 7) % expected.count)
                #expect(array.remove(id: row.id) == row)
            case 2:
                let row = Row(nextID)
                nextID += 1
                expected.append(row)
                array.append(row)
            case 3:
                let position = (step * 3) % expected.count
                expected[position].title = "step \(step)"
                array[id: expected[position].id]?.title = "step \(step)"
            default:
                let from = (step * 5) % expected.count
                let row = expected.remove(at: from)
                expected.insert(row, at: 0)
                array.move(fromOffsets: [from], toOffset: 0)
            }
            expect(array, toBe: expected)
            if expected.count < 8 {
                for _ in 0..<16 {
                    expected.append(Row(nextID))
                    array.append(Row(nextID))
                    nextID += 1
                }
            }
        }
    }

    @Test("removing every element but one, front to back, leaves the last one found by id")
    func removeAllButOne() {
        var array = rows(Array(0..<100))
        for id in 0..<99 {
            array.remove(id: id)
            #expect(array.first == Row(id + 1))
            #expect(array.index(id: 99) == 98 - id)
        }
        expect(array, toBe: [Row(99)])
    }

    @Test("a copy keeps its elements and positions when the original changes")
    func valueSemantics() {
        var array = rows([1, 2, 3, 4, 5])
        array.remove(id: 2)
        let copy = array
        #expect(copy[1] == Row(3))   // the copies share their ids here
        array.remove(id: 3)
        array[id: 4]?.title = "four"
        array.append(Row(6))
        expect(copy, toBe: [1, 3, 4, 5].map { Row($0) })
        expect(array, toBe: [Row(1), Row(4, "four"), Row(5), Row(6)])
    }

    @Test("one value read by position from several tasks at once gives every task the same rows")
    func concurrentReadsByPosition() async {
        var array = rows(Array(0..<1_000))
        for id in stride(from: 0, to: 1_000, by: 3) { array.remove(id: id) }
        let shared = array
        let expected = (0..<1_000).filter { !$0.isMultiple(of: 3) }
        await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask { shared.indices.map { shared[$0].id } }
            }
            for await ids in group {
                #expect(ids == expected)
            }
        }
    }

    @Test("two copies changed differently from one value each read their own positions")
    func copiesChangedDifferently() {
        var first = rows([1, 2, 3, 4, 5, 6])
        first.remove(id: 2)
        #expect(first[1] == Row(3))
        var second = first
        first.remove(id: 4)
        second.remove(id: 5)
        expect(first, toBe: [1, 3, 5, 6].map { Row($0) })
        expect(second, toBe: [1, 3, 4, 6].map { Row($0) })
        expect(first, toBe: [1, 3, 5, 6].map { Row($0) })
    }

    // MARK: - The doc comments' examples

    @Test("the type's example updates, appends and removes by id")
    func typeExample() {
        struct Todo: Identifiable, Equatable {
            let id: Int
            var title: String
            var done = false
        }

        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Tea"), Todo(id: 2, title: "Jam")]
        todos[id: 2]?.done = true   // updated in place, found by id
        todos[id: 3] = Todo(id: 3, title: "Bread")   // a new id is appended
        todos[id: 1] = nil   // nil removes
        let ids = todos.ids   // [2, 3]
        #expect(ids == [2, 3])
        #expect(
            todos.elements == [Todo(id: 2, title: "Jam", done: true), Todo(id: 3, title: "Bread")])
    }

    @Test("the members' examples do what their comments say")
    func memberExamples() {
        let loadedTodos = [
            Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Tea"),
        ]
        do {
            let todos = IdentifiedArray(uniqueElements: loadedTodos)
            #expect(todos.elements == loadedTodos)
        }
        do {
            var todos = IdentifiedArray(uniqueElements: loadedTodos)
            todos[id: 2]?.done.toggle()   // in place, when id 2 is there; nothing otherwise
            todos[id: 7] = Todo(id: 7, title: "Tea")   // appended, as id 7 was not there
            todos[id: 2] = nil   // removed
            #expect(todos.ids == [1, 3, 7])
            let position = todos.index(id: 3)   // 1
            #expect(position == 1)
            todos[0].done = true
            #expect(todos[id: 1]?.done == true)
        }
        do {
            var todos: IdentifiedArrayOf<Todo> = [
                Todo(id: 1, title: "Milk"), Todo(id: 3, title: "Tea"),
            ]
            todos.append(Todo(id: 4, title: "Jam"))   // (inserted: true, index: 2)
            todos.append(Todo(id: 4, title: "Ham"))   // (inserted: false, index: 2): no change
            #expect(
                todos.elements == [
                    Todo(id: 1, title: "Milk"), Todo(id: 3, title: "Tea"),
                    Todo(id: 4, title: "Jam"),
                ])
            todos.insert(Todo(id: 9, title: "Figs"), at: 0)   // (inserted: true, index: 0)
            #expect(todos.ids == [9, 1, 3, 4])
            todos.remove(id: 2)   // the todo with id 2, or nil when there was none
            todos.remove(id: 3)
            #expect(todos.ids == [9, 1, 4])
        }
        do {
            struct Letter: Identifiable { let id: Character }
            var letters = IdentifiedArray(uniqueElements: "abcd".map(Letter.init))
            // [a, b, c, d]
            letters.move(fromOffsets: [0, 2], toOffset: 4)   // [b, d, a, c]
            letters.move(fromOffsets: [3], toOffset: 0)   // [c, b, d, a]
            #expect(letters.ids == ["c", "b", "d", "a"])
        }
        do {
            struct Letter: Identifiable { let id: Character }
            var letters = IdentifiedArray(uniqueElements: "abcd".map(Letter.init))
            // [a, b, c, d]
            letters.remove(atOffsets: [0, 2])   // [b, d]
            #expect(letters.ids == ["b", "d"])
        }
        do {
            var todos: IdentifiedArrayOf<Todo> = [
                Todo(id: 1, title: "Milk", done: true), Todo(id: 2, title: "Eggs"),
                Todo(id: 3, title: "Tea"),
            ]
            todos.sort { !$0.done && $1.done }   // the ones to do first
            #expect(todos.last?.id == 1)
            todos.remove(id: 1)
            let hasThree = todos.ids.contains(3)   // true, found in the table of ids
            let ids = Array(todos.ids)   // [2, 3]
            #expect(hasThree && ids.sorted() == [2, 3])
            todos.sort { $0.id < $1.id }
            let isThere = todos.ids.contains(3)   // in O(1)
            let same = todos.ids == [2, 3]   // true when those are the ids, in that order
            #expect(isThere && same)
        }
    }

    // MARK: - Conformances

    @Test("equality follows the elements and their order, not how they are stored")
    func equality() {
        var removed = rows([1, 2, 3])
        removed.remove(id: 2)
        #expect(removed == rows([1, 3]))
        #expect(removed.hashValue == rows([1, 3]).hashValue)
        #expect(removed != rows([3, 1]))
        #expect(rows([1, 2]) != rows([1]))
        var retitled = rows([1, 3])
        retitled[id: 3]?.title = "other"
        #expect(removed != retitled)
    }

    @Test("it encodes as a plain array and decodes back")
    func codableRoundTrip() throws {
        var array = rows([1, 2, 3, 4])
        array.remove(id: 2)
        let data = try JSONEncoder().encode(array)
        #expect(try JSONDecoder().decode([Row].self, from: data) == [Row(1), Row(3), Row(4)])
        #expect(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data) == array)
    }

    @Test("decoding an array with an id twice throws a DecodingError that names it")
    func decodingDuplicateIDs() throws {
        let json = #"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":1,"title":"c"}]"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(
            context.debugDescription
                == "IdentifiedArray: the id 1 appears twice, at positions 0 and 2")
        #expect(context.codingPath.map(\.intValue) == [2])
    }

    @Test("it is written and mirrored as an array")
    func descriptionAndMirror() {
        var array = rows([1, 2, 3])
        array.remove(id: 2)
        #expect(array.description == "[#1, #3]")
        #expect(String(describing: IdentifiedArrayOf<Row>()) == "[]")
        let mirror = Mirror(reflecting: array)
        #expect(mirror.displayStyle == .collection)
        #expect(mirror.children.map { $0.value as? Row } == [Row(1), Row(3)])
    }

    @Test("a state difference names the element that changed, as for an array")
    func stateDiff() {
        var before = rows([1, 2, 3])
        before.remove(id: 1)
        var after = before
        after[id: 3]?.title = "three"
        let changes = StateDiff(from: before, to: after).changes.map { [$0.path, $0.old, $0.new] }
        #expect(changes == [["[1].title", #""row 3""#, #""three""#]])
    }
}

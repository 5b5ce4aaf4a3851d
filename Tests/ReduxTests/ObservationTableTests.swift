import ConcurrencyTestSupport
@testable import Redux
import Testing

/// The table of what observers read, driven step by step, with no store, lock or registrar.
@Suite struct ObservationTableTests {
    @Test("an empty table reports nothing")
    func empty() {
        var table = ObservationTable<Board>()
        #expect(table.changedKeys(in: Board()).isEmpty)
        #expect(table.count == 0)
    }

    @Test("a field read is reported each time it differs from the value last seen, read or not")
    func field() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")

        #expect(table.changedKeys(in: Board()).isEmpty)
        #expect(table.count == 1)

        #expect(table.changedKeys(in: Board(title: "New")) == [.field(\Board.title)])
        #expect(table.count == 1, "kept, with the new value as the one last seen")
        #expect(table.changedKeys(in: Board(title: "New")).isEmpty)
        // Not read since: an observer that began observing after the last change is told.
        #expect(table.changedKeys(in: Board(title: "Newer")) == [.field(\Board.title)])
    }

    @Test("two reads of one field that saw different values make it changed at the next action")
    func conflictingReads() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "a")
        table.recordField(\Board.title, value: "b")
        #expect(table.count == 1)
        #expect(table.changedKeys(in: Board(title: "b")) == [.field(\Board.title)])
        #expect(table.changedKeys(in: Board(title: "b")).isEmpty, "told once, then seen as b")
    }

    @Test("a field read with two values keeps one part, read again at will, told once")
    func conflictingReadsStayOnePart() {
        var table = ObservationTable<Board>()
        let first = table.recordField(\Board.title, value: "a")
        let second = table.recordField(\Board.title, value: "b")
        let third = table.recordField(\Board.title, value: "a")
        #expect(first == second && second == third)
        #expect(table.count == 1)
        // Told at the next action even though the state has the first value read.
        #expect(table.changedKeys(in: Board(title: "a")) == [.field(\Board.title)])
        #expect(table.changedKeys(in: Board(title: "a")).isEmpty)
        #expect(table.count == 1)
    }

    @Test("a change of one part leaves every part compared, each for itself")
    func changeInTheMiddle() {
        var table = ObservationTable<Board>()
        let board = Board()
        table.recordField(\Board.title, value: board.title)
        table.recordField(\Board.subtitle, value: board.subtitle)
        table.recordField(\Board.counter.count, value: board.counter.count)

        var changed = board
        changed.subtitle = "new"
        #expect(table.changedKeys(in: changed) == [.field(\Board.subtitle)])
        #expect(table.count == 3)

        var later = changed
        later.counter.count += 1
        #expect(table.changedKeys(in: later) == [.field(\Board.counter.count)])
        later.title = "renamed"
        later.subtitle = "newer"
        #expect(
            table.changedKeys(in: later) == [.field(\Board.title), .field(\Board.subtitle)])
        #expect(table.count == 3)
    }

    @Test("elements by position: only the changed one is reported; a position gone is a change")
    func elements() {
        var table = ObservationTable<Board>()
        let board = Board.rows(4)
        for index in 0..<4 {
            table.recordElement(of: \Board.rows, at: index, value: board.rows[index])
        }
        table.recordElement(of: \Board.rows, at: 4, value: nil)
        #expect(table.count == 5)

        var renamed = board
        renamed.rows[2].title = "two"
        #expect(table.changedKeys(in: renamed) == [.element(\Board.rows, AnyHashable(2))])
        #expect(table.count == 5)
        #expect(table.changedKeys(in: renamed).isEmpty)

        var shorter = renamed
        shorter.rows.removeLast()
        #expect(table.changedKeys(in: shorter) == [.element(\Board.rows, AnyHashable(3))])

        // A position that was gone and is back is a change too.
        var longer = shorter
        longer.rows.append(BoardRow(id: 3, title: "back"))
        longer.rows.append(BoardRow(id: 4, title: "new"))
        longer.rows[1].title = "one"
        let changed = Set(table.changedKeys(in: longer))
        #expect(
            changed == [
                .element(\Board.rows, AnyHashable(1)), .element(\Board.rows, AnyHashable(3)),
                .element(\Board.rows, AnyHashable(4)),
            ])
        #expect(table.count == 5)
    }

    @Test("the whole state and fields that cannot be compared count as changed after any action")
    func uncompared() {
        var table = ObservationTable<Board>()
        table.recordUncompared(.whole)
        table.recordUncompared(.field(\Board.counter))
        table.recordUncompared(.whole)
        #expect(table.count == 2)
        #expect(Set(table.changedKeys(in: Board())) == [.whole, .field(\Board.counter)])
        #expect(Set(table.changedKeys(in: Board())) == [.whole, .field(\Board.counter)])
        #expect(table.count == 2)
    }

    @Test("actions that change nothing read report nothing and keep every part")
    func quietActionsKeepParts() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")
        table.recordElement(of: \Board.rows, at: 0, value: nil)
        var state = Board()
        for action in 0..<10_000 {
            state.scores["ann"] = action
            #expect(table.changedKeys(in: state).isEmpty)
        }
        #expect(table.count == 2)
        state.title = "New"
        #expect(table.changedKeys(in: state) == [.field(\Board.title)])
    }

    @Test("a part keeps its key path for good, and no other part ever takes it")
    func keyPathsAreNotReused() {
        var table = ObservationTable<Board>()
        let title = table.recordField(\Board.title, value: "Board")
        let subtitle = table.recordField(\Board.subtitle, value: "")
        #expect(title !== subtitle, "two parts have key paths of their own")
        #expect(table.recordField(\Board.title, value: "Board") === title, "the same part")

        let toldNew = table.changes(in: Board(title: "New")).map(\.path)
        #expect(toldNew.count == 1 && toldNew.first === title)
        let counter = table.recordField(\Board.counter.count, value: 0)
        #expect(counter !== title && counter !== subtitle, "a new part, a new key path")
        #expect(table.recordField(\Board.title, value: "New") === title)
        let toldAgain = table.changes(in: Board(title: "Again")).map(\.path)
        #expect(toldAgain.count == 1 && toldAgain.first === title)
    }

    // MARK: Elements of an identified collection, by id

    func todos(_ ids: ClosedRange<Int>) -> Todos {
        Todos(rows: IdentifiedArray(uniqueElements: ids.map { TodoRow(id: $0) }))
    }

    func recordRows(_ ids: [Int], of todos: Todos, in table: inout ObservationTable<Todos>) {
        for id in ids {
            table.recordIdentified(
                of: \Todos.rows, id: id, value: todos.rows[id: id], revision: todos.rows.revision)
        }
    }

    @Test("rows by id: only a row the action changed is reported; one changed back is not")
    func identifiedRows() {
        var table = ObservationTable<Todos>()
        var state = todos(1...4)
        recordRows([1, 2, 3], of: state, in: &table)
        #expect(table.count == 3)

        state.rows[id: 2]?.isDone = true
        state.rows[id: 4]?.isDone = true   // not read
        state.rows[id: 1]?.isDone.toggle()
        state.rows[id: 1]?.isDone.toggle()   // touched, and back as it was
        #expect(table.changedKeys(in: state) == [.identified(\Todos.rows, AnyHashable(2))])
        #expect(table.count == 3)
        #expect(table.changedKeys(in: state).isEmpty, "nothing touched since")
        state.rows[id: 2]?.isDone = false
        #expect(table.changedKeys(in: state) == [.identified(\Todos.rows, AnyHashable(2))])
    }

    @Test("a row removed, and a row added under an id read while it was not there, are changes")
    func identifiedRowsComeAndGo() {
        var table = ObservationTable<Todos>()
        var state = todos(1...3)
        recordRows([1, 2, 7], of: state, in: &table)

        state.rows.remove(id: 2)
        state.rows.append(TodoRow(id: 7))
        state.rows.append(TodoRow(id: 8))
        #expect(
            Set(table.changedKeys(in: state)) == [
                .identified(\Todos.rows, AnyHashable(2)), .identified(\Todos.rows, AnyHashable(7)),
            ])
        #expect(table.count == 3)
        state.rows.append(TodoRow(id: 2))
        #expect(table.changedKeys(in: state) == [.identified(\Todos.rows, AnyHashable(2))])
    }

    @Test("a collection made anew cannot say what it touched: every row read is compared")
    func identifiedRowsReplaced() {
        var table = ObservationTable<Todos>()
        var state = todos(1...3)
        recordRows([1, 2, 3], of: state, in: &table)

        state.rows = IdentifiedArray(uniqueElements: state.rows.filter { $0.id != 3 })
        state.rows[id: 1]?.isDone = true
        #expect(
            Set(table.changedKeys(in: state)) == [
                .identified(\Todos.rows, AnyHashable(1)), .identified(\Todos.rows, AnyHashable(3)),
            ])
        #expect(table.count == 3)
        #expect(table.changedKeys(in: state).isEmpty, "each seen as it is in the new collection")
    }

    @Test("an action that touches one row of 1,000 compares that row alone")
    func identifiedRowsCompareOnlyWhatWasTouched() {
        let comparisons = TestAtomic(0)
        var table = ObservationTable<CountedRows>()
        var state = CountedRows(
            rows: IdentifiedArray(
                uniqueElements: (0..<1_000).map { CountedRow(id: $0, comparisons: comparisons) }))
        for id in 0..<1_000 {
            table.recordIdentified(
                of: \CountedRows.rows, id: id, value: state.rows[id: id],
                revision: state.rows.revision)
        }
        comparisons.store(0, ordering: .relaxed)

        state.title = "retitled"
        #expect(table.changedKeys(in: state).isEmpty)
        #expect(comparisons.load() == 0, "the rows were not touched: none is compared")

        state.rows[id: 500]?.title = "renamed"
        #expect(table.changedKeys(in: state) == [.identified(\CountedRows.rows, AnyHashable(500))])
        #expect(comparisons.load() == 1)
    }

    @Test("a collection read whole is changed when it was written, and only then")
    func collectionReadWhole() {
        var table = ObservationTable<Todos>()
        var state = todos(1...3)
        table.recordCollection(\Todos.rows, revision: state.rows.revision)
        let unchanged = state
        #expect(table.changedKeys(in: unchanged).isEmpty)

        for change in [
            { (rows: inout IdentifiedArray<TodoRow>) in rows[id: 1]?.isDone = true },
            { rows in rows.move(fromOffsets: [0], toOffset: 3) },
            { rows in rows.remove(id: 2) },
            { rows in rows.append(TodoRow(id: 9)) },
            { rows in rows = IdentifiedArray(uniqueElements: rows.elements) },
            { rows in
                let query = rows[id: 3]?.query ?? ""
                rows[id: 3]?.query = query   // the same value
            },
        ] {
            table.recordCollection(\Todos.rows, revision: state.rows.revision)
            change(&state.rows)
            #expect(table.changedKeys(in: state) == [.collection(\Todos.rows)])
        }

        table.recordCollection(\Todos.rows, revision: unchanged.rows.revision)
        table.recordCollection(\Todos.rows, revision: state.rows.revision)
        #expect(
            table.changedKeys(in: state) == [.collection(\Todos.rows)], "two reads, two revisions")
    }

    @Test("two reads of one row that saw different values make it changed at the next action")
    func identifiedConflictingReads() {
        var table = ObservationTable<Todos>()
        let state = todos(1...2)
        var done = state
        done.rows[id: 1]?.isDone = true
        recordRows([1], of: state, in: &table)
        recordRows([1], of: done, in: &table)
        #expect(table.count == 1)
        #expect(table.changedKeys(in: done) == [.identified(\Todos.rows, AnyHashable(1))])
        #expect(table.changedKeys(in: done).isEmpty)
    }

    @Test("a row changed again and again, never read again, is reported at every change")
    func identifiedRowsStay() {
        var table = ObservationTable<Todos>()
        var state = todos(1...2)
        recordRows([1], of: state, in: &table)
        for action in 1...100 {
            state.rows[id: 1]?.query = "\(action)"
            #expect(table.changedKeys(in: state) == [.identified(\Todos.rows, AnyHashable(1))])
        }
    }
}

/// A row that counts the comparisons made of it, to show which rows a table compares.
struct CountedRow: Identifiable, Equatable, Sendable {
    let id: Int
    var title = ""
    let comparisons: TestAtomic<Int>

    static func == (lhs: CountedRow, rhs: CountedRow) -> Bool {
        lhs.comparisons.add(1, ordering: .relaxed)
        return lhs.id == rhs.id && lhs.title == rhs.title
    }
}

struct CountedRows: Sendable {
    var title = ""
    var rows: IdentifiedArray<CountedRow>
}

extension ObservationTable {
    /// The keys of the parts ``changes(in:)`` returns: what was read, for a test to name.
    mutating func changedKeys(in state: State) -> [ObservedKey] {
        changes(in: state).map(\.key)
    }
}

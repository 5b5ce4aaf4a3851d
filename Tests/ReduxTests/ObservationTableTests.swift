import ConcurrencyTestSupport
@testable import Redux
import Testing

/// The table of what observers read, driven step by step, with no store, lock or registrar.
@Suite struct ObservationTableTests {
    @Test("an empty table reports nothing and counts no round")
    func empty() {
        var table = ObservationTable<Board>()
        #expect(table.changedKeys(in: Board()).isEmpty)
        #expect(table.round == 0)
        #expect(table.isEmpty)
    }

    @Test("a field read is reported once it differs, then forgotten")
    func field() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")

        #expect(table.changedKeys(in: Board()).isEmpty)
        #expect(table.count == 1)

        let changed = table.changedKeys(in: Board(title: "New"))
        #expect(changed == [.field(\Board.title)])
        #expect(table.isEmpty)
        #expect(table.round == 1)
    }

    @Test("two reads of one field that saw different values make it changed at the next action")
    func conflictingReads() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "a")
        table.recordField(\Board.title, value: "b")
        #expect(table.count == 1)
        #expect(table.changedKeys(in: Board(title: "b")) == [.field(\Board.title)])
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
        #expect(table.isEmpty)
    }

    @Test("an entry dropped between others leaves the rest compared, each for itself")
    func entryDroppedInTheMiddle() {
        var table = ObservationTable<Board>()
        let board = Board()
        table.recordField(\Board.title, value: board.title)
        table.recordField(\Board.subtitle, value: board.subtitle)
        table.recordField(\Board.counter.count, value: board.counter.count)

        var changed = board
        changed.subtitle = "new"
        #expect(table.changedKeys(in: changed) == [.field(\Board.subtitle)])
        #expect(table.count == 2)

        // The last entry took the dropped one's place and is still compared; the first too.
        var later = changed
        later.counter.count += 1
        #expect(table.changedKeys(in: later) == [.field(\Board.counter.count)])
        later.title = "renamed"
        #expect(table.changedKeys(in: later) == [.field(\Board.title)])
        #expect(table.isEmpty)
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
        #expect(table.count == 4)

        var shorter = renamed
        shorter.rows.removeLast()
        #expect(table.changedKeys(in: shorter) == [.element(\Board.rows, AnyHashable(3))])

        // The slot swapped into a removed one's place is still compared.
        var longer = shorter
        longer.rows.append(BoardRow(id: 3, title: "back"))
        longer.rows.append(BoardRow(id: 4, title: "new"))
        longer.rows[1].title = "one"
        let changed = Set(table.changedKeys(in: longer))
        #expect(
            changed == [
                .element(\Board.rows, AnyHashable(1)), .element(\Board.rows, AnyHashable(4)),
            ])
        #expect(table.count == 1)
    }

    @Test("the whole state and fields that cannot be compared count as changed after any action")
    func uncompared() {
        var table = ObservationTable<Board>()
        table.recordWhole()
        table.recordUncomparedField(\Board.counter)
        table.recordWhole()
        #expect(table.count == 2)
        #expect(Set(table.changedKeys(in: Board())) == [.whole, .field(\Board.counter)])
        #expect(table.isEmpty)
    }

    @Test("actions that change nothing read count no round and expire nothing")
    func quietActionsKeepParts() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")
        for _ in 0..<(ObservationTable<Board>.expiryRounds * 2) {
            #expect(table.changedKeys(in: Board()).isEmpty)
        }
        #expect(table.round == 0)
        #expect(table.count == 1)
    }

    @Test(
        "a part not read again during the expiry rounds is reported and dropped; one read again stays"
    )
    func expiry() {
        var table = ObservationTable<Board>()
        let rounds = ObservationTable<Board>.expiryRounds
        table.recordField(\Board.title, value: "Board")
        table.recordElement(of: \Board.rows, at: 0, value: nil)
        table.recordField(\Board.subtitle, value: "")

        var expired: [ObservedKey] = []
        var state = Board()
        for round in 1...(rounds + rounds / 2) {
            // Each action changes the score, read again each time: one round per action.
            table.recordField(\Board.scores, value: state.scores)
            state.scores["ann"] = Int(round)
            if round % 100 == 0 { table.recordField(\Board.title, value: "Board") }
            let changed = table.changedKeys(in: state)
            expired += changed.filter { $0 != .field(\Board.scores) }
        }
        #expect(
            Set(expired) == [.element(\Board.rows, AnyHashable(0)), .field(\Board.subtitle)])
        #expect(expired.count == 2, "each reported once")
        #expect(table.count == 1, "the title, read every 100 rounds, stays")
    }

    @Test("a part read again after its change takes over the dropped part's key path")
    func keyPathsAreReused() {
        var table = ObservationTable<Board>()
        let title = table.recordField(\Board.title, value: "Board")
        let subtitle = table.recordField(\Board.subtitle, value: "")
        #expect(title !== subtitle, "two parts tracked at once have key paths of their own")
        #expect(table.recordField(\Board.title, value: "Board") === title, "the same part")

        #expect(table.changedKeys(in: Board(title: "New")) == [.field(\Board.title)])
        let again = table.recordField(\Board.title, value: "New")
        #expect(again === title)
        #expect(again !== subtitle)
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
        #expect(table.count == 2)
        #expect(table.changedKeys(in: state).isEmpty, "nothing touched since")
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
        #expect(table.count == 1)
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
        #expect(table.count == 1, "row 2, equal in the new collection, is still tracked")
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
            #expect(table.changedKeys(in: state) == [.field(\Todos.rows)])
        }

        table.recordCollection(\Todos.rows, revision: unchanged.rows.revision)
        table.recordCollection(\Todos.rows, revision: state.rows.revision)
        #expect(table.changedKeys(in: state) == [.field(\Todos.rows)], "two reads, two revisions")
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
    }

    @Test("a row not read again during the expiry rounds is reported and dropped")
    func identifiedExpiry() {
        var table = ObservationTable<Todos>()
        let rounds = ObservationTable<Todos>.expiryRounds
        var state = todos(1...2)
        recordRows([1], of: state, in: &table)
        var expired: [ObservedKey] = []
        for round in 1...(rounds + rounds / 2) {
            // Row 2 changes every action and is read again each time: one round per action.
            recordRows([2], of: state, in: &table)
            state.rows[id: 2]?.query = "\(round)"
            expired += table.changedKeys(in: state).filter {
                $0 != .identified(\Todos.rows, AnyHashable(2))
            }
        }
        #expect(expired == [.identified(\Todos.rows, AnyHashable(1))])
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

@testable import Redux
import Testing

/// The table of what observers read, driven step by step, with no store, lock or registrar.
@Suite struct ObservationTableTests {
    @Test("an empty table reports nothing and counts no round")
    func empty() {
        var table = ObservationTable<Board>()
        #expect(table.changes(in: Board()).isEmpty)
        #expect(table.round == 0)
        #expect(table.isEmpty)
    }

    @Test("a field read is reported once it differs, then forgotten")
    func field() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")

        #expect(table.changes(in: Board()).isEmpty)
        #expect(table.count == 1)

        let changed = table.changes(in: Board(title: "New"))
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
        #expect(table.changes(in: Board(title: "b")) == [.field(\Board.title)])
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
        #expect(table.changes(in: renamed) == [.element(\Board.rows, AnyHashable(2))])
        #expect(table.count == 4)

        var shorter = renamed
        shorter.rows.removeLast()
        #expect(table.changes(in: shorter) == [.element(\Board.rows, AnyHashable(3))])

        // The slot swapped into a removed one's place is still compared.
        var longer = shorter
        longer.rows.append(BoardRow(id: 3, title: "back"))
        longer.rows.append(BoardRow(id: 4, title: "new"))
        longer.rows[1].title = "one"
        let changed = Set(table.changes(in: longer))
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
        #expect(Set(table.changes(in: Board())) == [.whole, .field(\Board.counter)])
        #expect(table.isEmpty)
    }

    @Test("actions that change nothing read count no round and expire nothing")
    func quietActionsKeepParts() {
        var table = ObservationTable<Board>()
        table.recordField(\Board.title, value: "Board")
        for _ in 0..<(ObservationTable<Board>.expiryRounds * 2) {
            #expect(table.changes(in: Board()).isEmpty)
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
            let changed = table.changes(in: state)
            expired += changed.filter { $0 != .field(\Board.scores) }
        }
        #expect(
            Set(expired) == [.element(\Board.rows, AnyHashable(0)), .field(\Board.subtitle)])
        #expect(expired.count == 2, "each reported once")
        #expect(table.count == 1, "the title, read every 100 rounds, stays")
    }
}

@testable import Redux
import Testing

/// What an identified array tells a reader that kept something of it earlier: `forEach` keeps
/// its ids, to end the effects of the elements that left; an observable store keeps its
/// revision, to compare only the elements written. The rules under test are stated on
/// `IdentifiedArray.IDs.idsMissing(from:)` and `IdentifiedArrayRevision`.
@Suite struct IdentifiedArrayRevisionTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var title = ""
    }

    func rows(_ ids: ClosedRange<Int>) -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
    }

    // MARK: - The ids

    @Test("writing elements in place, by id or by position, leaves no id missing either way")
    func elementWritesKeepTheIDs() {
        var list = rows(1...4)
        let kept = list.ids
        list[id: 2]?.title = "by id"
        list[0].title = "by position"
        list[3] = Row(id: 4, title: "replaced")
        list[id: 3] = Row(id: 3, title: "replaced by id")
        #expect(kept.idsMissing(from: list.ids) == [])
        #expect(list.ids.idsMissing(from: kept) == [])
    }

    @Test("a change of ids while a reader keeps them leaves the kept ones as they were")
    func idChangesLeaveTheKeptIDs() {
        let changes: [(inout IdentifiedArray<Row>) -> Void] = [
            { $0.append(Row(id: 9)) },
            { $0.insert(Row(id: 9), at: 0) },
            { $0.remove(id: 2) },
            { $0.remove(at: 3) },
            { $0.remove(atOffsets: [0]) },
            { $0.removeFirst() },
            { $0.removeLast() },
            { $0.removeAll { $0.id == 1 } },
            { $0.removeAll() },
            { $0[id: 2] = nil },
            { $0[id: 9] = Row(id: 9) },
            { $0.move(fromOffsets: [0], toOffset: 4) },
            { $0.sort { $0.id > $1.id } },
            { $0.reverse() },
            { $0.swapAt(0, 1) },
        ]
        for (number, change) in changes.enumerated() {
            var list = rows(1...4)
            let kept = list.ids
            change(&list)
            #expect(list.ids != kept, "change \(number)")
            #expect(Array(kept) == [1, 2, 3, 4], "change \(number)")
            #expect(kept.positions == [1: 0, 2: 1, 3: 2, 4: 3], "change \(number)")
        }
    }

    @Test("the ids missing after a change: the removed ones in order, not the moved or re-added")
    func idsMissing() {
        var list = rows(1...8)
        let kept = list.ids
        list.remove(id: 3)
        list.move(fromOffsets: [0], toOffset: 5)   // 1 moves
        let six = list.remove(id: 6)!
        list.append(six)   // removed and added back
        list.removeAll { $0.id == 8 }
        list.append(Row(id: 9))
        #expect(kept.idsMissing(from: list.ids) == [3, 8])
        #expect(list.ids.idsMissing(from: kept) == [9])
    }

    // MARK: - The revision

    func written(_ list: IdentifiedArray<Row>, since kept: IdentifiedArrayRevision<Int>)
        -> [Int]?
    {
        list.revision.written(since: kept)
    }

    @Test("reading writes nothing; each way of writing, adding or removing names its id, in order")
    func writesInOrder() {
        var list = rows(1...6)
        let kept = list.revision
        _ = list[id: 1]
        _ = list[2]
        _ = list.first { $0.id == 3 }
        #expect(list.revision == kept)
        #expect(written(list, since: kept) == [])

        list[id: 3]?.title = "by id"
        list[0].title = "by position"
        list[1] = Row(id: 2, title: "replaced by position")
        list[id: 4] = Row(id: 4, title: "replaced by id")
        list[id: 7] = Row(id: 7)
        list.append(Row(id: 8))
        list.append(contentsOf: [Row(id: 9), Row(id: 1)])
        list.insert(Row(id: 10), at: 0)
        list.remove(id: 5)
        list.remove(at: 0)
        list[id: 6] = nil
        #expect(list.revision != kept)
        #expect(written(list, since: kept) == [3, 1, 2, 4, 7, 8, 9, 10, 5, 10, 6])
    }

    @Test("moving elements writes no id, but is a write")
    func movesWriteNoID() {
        var list = rows(1...4)
        let kept = list.revision
        list.move(fromOffsets: [0], toOffset: 4)
        list.sort { $0.id > $1.id }
        list.reverse()
        list.swapAt(0, 1)
        #expect(list.revision != kept)
        #expect(written(list, since: kept) == [])
    }

    @Test("changes not named one by one, or too many, cannot say what they wrote")
    func unnamedChanges() {
        let changes: [(inout IdentifiedArray<Row>) -> Void] = [
            { $0.removeAll() },
            { $0.removeAll { $0.id.isMultiple(of: 2) } },
            { $0.remove(atOffsets: [1, 2]) },
            { list in
                for _ in 0...IdentifiedArrayRevision<Int>.kept { list[id: 1]?.title += "." }
            },
        ]
        for (number, change) in changes.enumerated() {
            var list = rows(1...4)
            let kept = list.revision
            change(&list)
            #expect(list.revision != kept, "change \(number)")
            #expect(written(list, since: kept) == nil, "change \(number)")
        }
    }

    @Test("a revision kept later knows only the writes after it")
    func laterRevision() {
        var list = rows(1...4)
        list[id: 1]?.title = "before"
        let kept = list.revision
        list[id: 2]?.title = "after"
        #expect(written(list, since: kept) == [2])
    }

    @Test("another array, a new one, or a copy written while another copy shares it cannot say")
    func otherArrays() {
        let list = rows(1...4)
        let kept = list.revision
        #expect(written(rows(1...4), since: kept) == nil)
        #expect(written(list.filter { _ in true }, since: kept) == nil)

        var copy = list
        copy[id: 1]?.title = "copy"   // the copy's token follows the kept one
        var second = copy
        second[id: 2]?.title = "second"   // shared with `copy`: a token of its own
        #expect(written(copy, since: kept) == [1])
        #expect(written(second, since: kept) == nil)
        #expect(written(second, since: copy.revision) == [2])
    }

    @Test("a copy assigned back, unwritten, has the revision it was copied at")
    func copyAssignedBack() {
        var list = rows(1...4)
        let kept = list.revision
        let saved = list
        list[id: 1]?.title = "changed"
        list = saved
        #expect(list.revision == kept)
        #expect(written(list, since: kept) == [])
    }

    @Test("a revision whose reader let its token go is not mistaken for a later one's")
    func tokensNotAddresses() {
        var list = rows(1...4)
        var kept = list.revision
        list[id: 1]?.title = "one"   // names the kept token as the one it replaced
        kept = rows(1...4).revision   // the reader lets it go: only the list's revision holds it
        for _ in 0..<100 {
            let other = rows(1...2).revision   // new tokens, perhaps at the freed address
            #expect(written(list, since: other) == nil)
        }
        #expect(written(list, since: kept) == nil)
    }

    @Test("the revision and the ids' storage take no part in equality")
    func equality() {
        var list = rows(1...3)
        let before = list
        list[id: 2]?.title = "x"
        list[id: 2]?.title = ""
        list.append(Row(id: 4))
        list.remove(id: 4)
        #expect(list == before)
        #expect(list.ids == before.ids)
        #expect(list.revision != before.revision)
    }
}

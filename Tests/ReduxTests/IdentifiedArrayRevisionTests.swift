@testable import Redux
import Testing

/// What an identified array tells a reader that kept something of it earlier: `forEach` keeps
/// its ids, to end the effects of the elements that left; an observable store keeps its
/// revision, to skip an array no action wrote. The rules under test are stated on
/// `IdentifiedArray.IDs.idsMissing(from:)` and `IdentifiedArrayToken`.
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

    @Test("reading writes nothing; every way of writing, adding, removing or moving is a write")
    func everyWriteIsSeen() {
        let list = rows(1...6)
        let kept = list.revision
        _ = list[id: 1]
        _ = list[2]
        _ = list.first { $0.id == 3 }
        #expect(list.revision === kept)

        let writes: [(inout IdentifiedArray<Row>) -> Void] = [
            { $0[id: 3]?.title = "by id" },
            { $0[0].title = "by position" },
            { $0[1] = Row(id: 2, title: "replaced by position") },
            { $0[id: 4] = Row(id: 4, title: "replaced by id") },
            { $0[id: 7] = Row(id: 7) },
            { $0.append(Row(id: 8)) },
            { $0.insert(Row(id: 10), at: 0) },
            { $0.remove(id: 5) },
            { $0[id: 6] = nil },
            { $0.removeAll() },
            { $0.remove(atOffsets: [1]) },
            { $0.move(fromOffsets: [0], toOffset: 4) },
            { $0.sort { $0.id > $1.id } },
            { $0.reverse() },
            { $0.swapAt(0, 1) },
        ]
        for (number, write) in writes.enumerated() {
            var list = rows(1...6)
            let kept = list.revision
            write(&list)
            #expect(list.revision !== kept, "write \(number)")
        }
    }

    @Test("with no reader, writes keep the revision; one kept is replaced at the next write")
    func revisionKeptWhenUnique() {
        var list = rows(1...4)
        let identity = ObjectIdentifier(list.revision)
        list[id: 1]?.title = "one"
        list.append(Row(id: 5))
        #expect(ObjectIdentifier(list.revision) == identity, "no reader: the same token")
        let kept = list.revision
        list[id: 2]?.title = "two"
        #expect(list.revision !== kept)
    }

    @Test("a copy written while another copy shares it takes a revision of its own")
    func copies() {
        let list = rows(1...4)
        let kept = list.revision
        var copy = list
        copy[id: 1]?.title = "copy"
        #expect(copy.revision !== kept)
        #expect(list.revision === kept, "the original is untouched")
    }

    @Test("a copy assigned back, unwritten, has the revision it was copied at")
    func copyAssignedBack() {
        var list = rows(1...4)
        let kept = list.revision
        let saved = list
        list[id: 1]?.title = "changed"
        list = saved
        #expect(list.revision === kept)
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
        #expect(list.revision !== before.revision)
    }
}

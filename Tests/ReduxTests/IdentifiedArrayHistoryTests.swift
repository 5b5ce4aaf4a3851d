@testable import Redux
import Testing

/// What an identified array tells a reader about the ids it touched since the reader last
/// looked: what `forEach` needs to end the effects of removed elements, and what an observable
/// store needs to compare only the elements that changed, each in O(k).
@Suite struct IdentifiedArrayHistoryTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var title = ""
    }

    func rows(_ ids: ClosedRange<Int>) -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
    }

    func touched(_ list: IdentifiedArray<Row>, since mark: IdentifiedArrayHistory<Int>.Mark)
        -> [Int]?
    {
        list.history.notes(since: mark).map { $0.map(\.id) }
    }

    @Test("each way of removing is noted as a removal, in order; a move, as changes of the moved")
    func removalsInOrder() {
        var list = rows(1...8)
        let mark = list.history.mark
        #expect(list.history.removed(since: mark) == [])

        list.remove(id: 2)
        list.append(Row(id: 9))
        list.remove(at: 0)
        list[id: 5] = nil
        list.move(fromOffsets: [0], toOffset: 3)
        list.insert(Row(id: 10), at: 1)
        list.removeAll { $0.id == 7 || $0.id == 8 }

        #expect(list.history.removed(since: mark) == [2, 1, 5, 7, 8])
        #expect(touched(list, since: mark) == [2, 9, 1, 5, 3, 10, 7, 8], "3 was moved")
    }

    @Test("each way of changing or adding an element is noted; reading is not")
    func changesInOrder() {
        var list = rows(1...4)
        let mark = list.history.mark
        _ = list[id: 1]
        _ = list[2]
        #expect(touched(list, since: mark) == [])

        list[id: 3]?.title = "by id"
        list[0].title = "by position"
        list[1] = Row(id: 2, title: "replaced by position")
        list[id: 4] = Row(id: 4, title: "replaced by id")
        list[id: 5] = Row(id: 5)
        list.append(Row(id: 6))
        list.append(contentsOf: [Row(id: 7), Row(id: 1)])

        #expect(touched(list, since: mark) == [3, 1, 2, 4, 5, 6, 7])
        #expect(list.history.removed(since: mark) == [])
    }

    @Test("from a later mark, only the notes after it")
    func sinceALaterMark() {
        var list = rows(1...5)
        list.remove(id: 1)
        let mark = list.history.mark
        list[id: 2]?.title = "two"
        list.remove(id: 3)
        #expect(touched(list, since: mark) == [2, 3])
        #expect(list.history.removed(since: mark) == [3])
    }

    @Test("a mark of another array, or of a copy that went another way, is not known")
    func unknownMarks() {
        let other = rows(1...3)
        var list = rows(1...3)
        #expect(list.history.removed(since: other.history.mark) == nil)

        var copy = list
        list.remove(id: 1)
        copy.remove(id: 2)
        #expect(copy.history.removed(since: list.history.mark) == nil)
        #expect(list.history.removed(since: copy.history.mark) == nil)
    }

    @Test("a copy that changes knows the marks of the array it was copied from, up to the copy")
    func copiesKeepTheirPast() {
        var list = rows(1...4)
        let beforeCopy = list.history.mark
        list[id: 1]?.title = "before the copy"
        let atCopy = list.history.mark
        let snapshot = list   // as a test store keeps the state it expects

        list[id: 2]?.title = "after the copy"
        list.remove(id: 3)
        #expect(touched(list, since: atCopy) == [2, 3])
        #expect(touched(list, since: beforeCopy) == [1, 2, 3])
        #expect(list.history.mark.lineage != snapshot.history.mark.lineage)

        // Copied at every step, as a test store does: each step is still known.
        var copies: [IdentifiedArray<Row>] = []
        let start = list.history.mark
        for id in [1, 2, 4, 1] {
            copies.append(list)
            list[id: id]?.title = "again"
        }
        #expect(touched(list, since: start) == [1, 2, 4, 1])
        #expect(touched(list, since: copies[2].history.mark) == [4, 1])
    }

    @Test("the copy left behind keeps its lineage and knows none of the other's later marks")
    func theCopyLeftBehind() {
        var list = rows(1...3)
        var kept = list
        let shared = list.history.mark
        list[id: 1]?.title = "moved on"
        kept[id: 2]?.title = "went another way"
        #expect(touched(kept, since: shared) == [2])
        #expect(touched(kept, since: list.history.mark) == nil)
        #expect(touched(list, since: kept.history.mark) == nil)
    }

    @Test("too many notes ago, or after removing everything, an earlier mark is not known")
    func forgottenMarks() {
        let kept = IdentifiedArrayHistory<Int>.kept
        var list = rows(1...(4 * kept))
        let first = list.history.mark
        for id in 1...(2 * kept) {
            list.remove(id: id)
        }
        #expect(list.history.removed(since: first) == nil)
        let recent = list.history.mark
        list.remove(id: 2 * kept + 1)
        #expect(list.history.removed(since: recent) == [2 * kept + 1])

        list.removeAll()
        #expect(list.history.removed(since: recent) == nil)
        #expect(list.history.removed(since: list.history.mark) == [])
    }

    @Test("the notes kept stay between kept and twice as many however many changes are made")
    func boundedNotes() {
        let kept = IdentifiedArrayHistory<Int>.kept
        var list = rows(1...3)
        for step in 0..<(10 * kept) {
            let snapshot = list   // a copy at each step makes a lineage at each step
            list[id: 1 + step % 3]?.title = "\(step)"
            _ = snapshot
        }
        #expect(list.history.notes.count < 2 * kept)
        #expect(list.history.ancestors.count <= 2 * kept)
    }

    @Test("the history does not take part in equality: equal elements, equal arrays")
    func notPartOfEquality() {
        var list = rows(1...3)
        list.remove(id: 3)
        #expect(list == rows(1...2))
    }
}

@testable import Redux
import Testing

/// What an identified array tells a reader about the elements it lost since the reader last
/// looked: what `forEach` needs to end the effects of removed elements in O(k).
@Suite struct IdentifiedArrayRemovalsTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
    }

    func rows(_ ids: ClosedRange<Int>) -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: ids.map(Row.init))
    }

    @Test("each way of removing is noted, in order; appending, inserting and moving are not")
    func removalsInOrder() {
        var list = rows(1...8)
        let mark = list.removals.mark
        #expect(list.removals.removed(since: mark) == [])

        list.remove(id: 2)
        list.append(Row(id: 9))
        list.remove(at: 0)
        list[id: 5] = nil
        list.move(fromOffsets: [0], toOffset: 3)
        list.insert(Row(id: 10), at: 1)
        list.removeAll { $0.id == 7 || $0.id == 8 }

        #expect(list.removals.removed(since: mark) == [2, 1, 5, 7, 8])
    }

    @Test("from a later mark, only the removals after it")
    func sinceALaterMark() {
        var list = rows(1...5)
        list.remove(id: 1)
        let mark = list.removals.mark
        list.remove(id: 3)
        #expect(list.removals.removed(since: mark) == [3])
    }

    @Test("a mark of another array, or of a copy that went another way, is not known")
    func unknownMarks() {
        let other = rows(1...3)
        var list = rows(1...3)
        #expect(list.removals.removed(since: other.removals.mark) == nil)

        var copy = list
        list.remove(id: 1)
        copy.remove(id: 2)
        #expect(copy.removals.removed(since: list.removals.mark) == nil)
    }

    @Test("too many removals ago, or after removing everything, an earlier mark is not known")
    func forgottenMarks() {
        let kept = IdentifiedArrayRemovals<Int>.kept
        var list = rows(1...(4 * kept))
        let first = list.removals.mark
        for id in 1...(2 * kept) {
            list.remove(id: id)
        }
        #expect(list.removals.removed(since: first) == nil)
        let recent = list.removals.mark
        list.remove(id: 2 * kept + 1)
        #expect(list.removals.removed(since: recent) == [2 * kept + 1])

        list.removeAll()
        #expect(list.removals.removed(since: recent) == nil)
    }

    @Test("the history does not take part in equality: equal elements, equal arrays")
    func notPartOfEquality() {
        var list = rows(1...3)
        list.remove(id: 3)
        #expect(list == rows(1...2))
    }
}

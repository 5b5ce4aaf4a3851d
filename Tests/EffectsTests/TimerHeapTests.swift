@testable import Effects
import Testing

@Suite struct TimerHeapTests {
    /// Takes everything due by `limit` out, as one-shot work.
    private func drain(_ heap: inout TimerHeap<Int>, dueBy limit: Duration? = nil) -> [Int] {
        var out: [Int] = []
        while let (payload, _) = heap.takeFirst(dueBy: limit, nextDue: { _, _ in nil }) {
            out.append(payload)
        }
        return out
    }

    @Test("work due at the same instant comes out in the order it went in")
    func sameInstantInInsertionOrder() {
        var heap = TimerHeap<Int>()
        for value in 0..<1_000 {
            _ = heap.insert(value, due: .seconds(value.isMultiple(of: 2) ? 1 : 2))
        }
        heap.checkInvariants()
        let evens = Array(stride(from: 0, to: 1_000, by: 2))
        let odds = Array(stride(from: 1, to: 1_000, by: 2))
        #expect(drain(&heap) == evens + odds)
        #expect(heap.isEmpty)
    }

    @Test("100,000 items put in in random order come out sorted by due time")
    func manyItemsComeOutSorted() {
        var generator = SplitMix64(seed: 11)
        var heap = TimerHeap<Int>()
        var dues: [Int] = []
        for _ in 0..<100_000 {
            let due = Int(generator.next() % 1_000_000)
            dues.append(due)
            _ = heap.insert(due, due: .milliseconds(due))
        }
        heap.checkInvariants()
        #expect(heap.count == 100_000)
        #expect(drain(&heap) == dues.sorted())
        #expect(heap.count == 0)
    }

    @Test("takeFirst(dueBy:) stops at the first item due after the limit")
    func popStopsAtLimit() {
        var heap = TimerHeap<Int>()
        for seconds in [3, 1, 2, 5] {
            _ = heap.insert(seconds, due: .seconds(seconds))
        }
        #expect(drain(&heap, dueBy: .seconds(3)) == [1, 2, 3])
        #expect(heap.firstDue() == .seconds(5))
        #expect(heap.count == 1)
    }

    @Test("removing the head, a middle item, twice, or after it came out: each counts once")
    func removal() throws {
        var heap = TimerHeap<Int>()
        let handles = (0..<10).map { heap.insert($0, due: .seconds($0)) }
        #expect(heap.remove(handles[0]) == 0)
        #expect(heap.remove(handles[5]) == 5)
        #expect(heap.remove(handles[5]) == nil)
        #expect(heap.count == 8)
        heap.checkInvariants()

        let head = heap.takeFirst(dueBy: nil) { _, _ in nil }
        let (first, due) = try #require(head)
        #expect(first == 1)
        #expect(due == .seconds(1))
        #expect(heap.remove(handles[1]) == nil, "already out")
        #expect(heap.count == 7)
        #expect(drain(&heap) == [2, 3, 4, 6, 7, 8, 9])
        #expect(heap[handles[9]] == nil)
    }

    @Test("a stale handle does nothing to the work that reuses its slot")
    func staleHandleAfterSlotReuse() {
        var heap = TimerHeap<Int>()
        let old = heap.insert(1, due: .seconds(1))
        _ = heap.insert(2, due: .seconds(2))
        #expect(heap.remove(old) == 1)
        let new = heap.insert(3, due: .seconds(3))
        #expect(new.slot == old.slot, "the freed slot is reused")
        #expect(heap.remove(old) == nil)
        #expect(heap[new] == 3)
        #expect(heap.count == 2)
        heap.checkInvariants()
    }

    @Test(
        "takeFirst hands one-shot work out and frees its handle; repeating work goes back in under the same handle, after what is already due then"
    )
    func takeFirstTakesOrRequeues() throws {
        var heap = TimerHeap<Int>()
        let oneShot = heap.insert(1, due: .seconds(1))
        let repeating = heap.insert(2, due: .seconds(1))
        let later = heap.insert(3, due: .seconds(2))
        // Only the work whose payload is 2 repeats, every second.
        let nextDue: (borrowing Int, Duration) -> Duration? = { payload, due in
            payload == 2 ? due + .seconds(1) : nil
        }

        let firstTaken = heap.takeFirst(dueBy: .seconds(1), nextDue: nextDue)
        let first = try #require(firstTaken)
        #expect(first.payload == 1)
        #expect(first.due == .seconds(1))
        #expect(heap[oneShot] == nil, "one-shot work has left the queue")
        #expect(heap.remove(oneShot) == nil)

        let secondTaken = heap.takeFirst(dueBy: .seconds(1), nextDue: nextDue)
        let second = try #require(secondTaken)
        #expect(second.payload == 2)
        #expect(heap[repeating] == 2, "repeating work is still pending, under the same handle")
        #expect(
            heap.takeFirst(dueBy: .seconds(1), nextDue: nextDue) == nil,
            "nothing else is due by 1 s")
        heap.checkInvariants()

        let thirdTaken = heap.takeFirst(dueBy: nil, nextDue: nextDue)
        let third = try #require(thirdTaken)
        #expect(third.payload == 3, "the work due at 2 s all along comes before the repeat")
        #expect(heap[later] == nil)
        let fourthTaken = heap.takeFirst(dueBy: nil, nextDue: nextDue)
        let fourth = try #require(fourthTaken)
        #expect(fourth.payload == 2)
        #expect(fourth.due == .seconds(2))
        #expect(heap.count == 1)
        #expect(heap.remove(repeating) == 2)
        #expect(heap.isEmpty)
        heap.checkInvariants()
    }

    /// How the model test picks due times: at random, or mostly rising as a clock's
    /// `now + delay` does, which fills the sorted run beside the heap, with one in eight earlier
    /// than the last, which goes to the heap.
    enum DueTimes: String, CaseIterable, Sendable {
        case random
        case mostlyRising

        func next(step: Int, _ generator: inout SplitMix64) -> Int {
            switch self {
            case .random:
                Int(generator.next() % 1_000)
            case .mostlyRising:
                generator.next() % 8 == 0 ? step - Int(generator.next() % 500) : step
            }
        }
    }

    @Test(
        "the earliest always comes out first, and dead entries never outnumber live ones, through any mix of operations",
        arguments: DueTimes.allCases)
    func matchesAModel(dueTimes: DueTimes) throws {
        var generator = SplitMix64(seed: 3)
        var heap = TimerHeap<Int>()
        // The model: (due, order, value) of each pending item.
        var model: [(due: Int, order: Int, value: Int, handle: TimerHeap<Int>.Handle)] = []
        var order = 0
        for step in 0..<20_000 {
            switch generator.next() % 10 {
            case 0..<5:
                let due = dueTimes.next(step: step, &generator)
                model.append((due, order, step, heap.insert(step, due: .milliseconds(due))))
                order += 1
            case 5..<8:
                guard !model.isEmpty else { continue }
                let index = Int(generator.next() % UInt64(model.count))
                let removed = model.remove(at: index)
                #expect(heap.remove(removed.handle) == removed.value)
            default:
                guard
                    let first = model.indices.min(by: {
                        (model[$0].due, model[$0].order) < (model[$1].due, model[$1].order)
                    })
                else {
                    #expect(heap.takeFirst(dueBy: nil) { _, _ in nil } == nil)
                    continue
                }
                let expected = model.remove(at: first)
                let head = heap.takeFirst(dueBy: nil) { _, _ in nil }
                let taken = try #require(head)
                #expect(taken.due == .milliseconds(expected.due))
                #expect(taken.payload == expected.value)
                #expect(heap[expected.handle] == nil)
            }
            #expect(heap.count == model.count)
            if step.isMultiple(of: 500) { heap.checkInvariants() }
        }
        heap.checkInvariants()
    }
}

/// A small seeded generator, so that the random tests are reproducible.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension TimerHeapTests {
    @Test(
        "due times that differ in the fraction of a second, across second boundaries, come out in order"
    )
    func fractionsAcrossSeconds() {
        var heap = TimerHeap<Int>()
        // Milliseconds, in no particular order: 0.999 s before 1 s, 1.001 s after it, and so on.
        let dues = [2_001, 999, 1_000, 1_999, 1, 0, 2_000, 1_001, 3_500, 500]
        for due in dues {
            _ = heap.insert(due, due: .milliseconds(due))
        }
        heap.checkInvariants()
        #expect(drain(&heap, dueBy: .milliseconds(1_999)) == [0, 1, 500, 999, 1_000, 1_001, 1_999])
        #expect(heap.firstDue() == .milliseconds(2_000))
        #expect(drain(&heap) == [2_000, 2_001, 3_500])
    }
}

@testable import Effects
import Testing

/// `ThrottleTable` (what `ThrottleMemory` decides under its lock), transition by transition, with
/// strings for clocks: no lock, no scheduler.
@Suite struct ThrottleMemoryTests {
    typealias Table = ThrottleTable<String>

    private func isSendNow(_ decision: Table.Decision<Int>) -> Bool {
        if case .sendNow = decision { return true }
        return false
    }

    private func held(_ decision: Table.Decision<Int>) -> (Int, Duration)? {
        if case .hold(let value, let until) = decision { return (value, until) }
        return nil
    }

    @Test("a new id sends now and opens a window; inside it, values are held until its end")
    func windowOpensAndHolds() throws {
        var table = Table()
        let id = EffectID("a")
        let first = table.decide(
            1, id: id, at: .seconds(10), interval: .seconds(2), latest: true, clock: "c")
        #expect(isSendNow(first.0))
        #expect(first.replaced == nil)
        let decision = table.decide(
            2, id: id, at: .seconds(11), interval: .seconds(2), latest: true, clock: "c")
        let second = try #require(
            held(decision.0))
        #expect(second.0 == 2)
        #expect(second.1 == .seconds(12))
        // At the window's end it is closed: the value goes straight through and replaces the entry.
        let third = table.decide(
            3, id: id, at: .seconds(12), interval: .seconds(2), latest: true, clock: "c")
        #expect(isSendNow(third.0))
        #expect(third.replaced?.windowEnd == .seconds(12))
    }

    @Test("with latest false, the window's first held value is the one every later effect sends")
    func firstHeldIsRemembered() throws {
        var table = Table()
        let id = EffectID("a")
        _ = table.decide(1, id: id, at: .zero, interval: .seconds(5), latest: false, clock: "c")
        let decision = table.decide(
            2, id: id, at: .seconds(1), interval: .seconds(5), latest: false, clock: "c")
        let two = try #require(held(decision.0))
        let decisionAgain = table.decide(
            3, id: id, at: .seconds(2), interval: .seconds(5), latest: false, clock: "c")
        let three = try #require(held(decisionAgain.0))
        #expect(two.0 == 2)
        #expect(three.0 == 2)
        // Sent at the window's end: a new window opens, and its first is forgotten.
        _ = table.recordSent(id: id, at: .seconds(5), interval: .seconds(5), clock: "c")
        let decisionThird = table.decide(
            4, id: id, at: .seconds(6), interval: .seconds(5), latest: false, clock: "c")
        let four = try #require(held(decisionThird.0))
        #expect(four.0 == 4)
        #expect(four.1 == .seconds(10))
    }

    @Test("ids are independent")
    func idsIndependent() {
        var table = Table()
        _ = table.decide(
            1, id: EffectID("a"), at: .zero, interval: .seconds(5), latest: true, clock: "c")
        let decision = table.decide(
            2, id: EffectID("b"), at: .zero, interval: .seconds(5), latest: true, clock: "c")
        #expect(isSendNow(decision.0))
        #expect(table.count == 2)
    }

    @Test(
        "the table sweeps when it reaches its floor, drops passed windows still as they were, then waits to double"
    )
    func sweep() throws {
        var table = Table()
        var candidates: [Table.Candidate]?
        for index in 0..<Table.sweepFloor {
            let (_, sweep) = table.recordSent(
                id: EffectID(index), at: .zero, interval: .seconds(index < 40 ? 1 : 100), clock: "c"
            )
            if index < Table.sweepFloor - 1 { #expect(sweep == nil) }
            candidates = sweep
        }
        let all = try #require(candidates)
        #expect(all.count == Table.sweepFloor)
        guard case .running = table.sweep else {
            Issue.record("a sweep is under way")
            return
        }
        // While it runs, the table grows without starting another, and id 0 is renewed.
        let recorded = table.recordSent(
            id: EffectID(0), at: .seconds(1), interval: .seconds(1), clock: "c")
        #expect(recorded.sweep == nil)
        // The owner read the clocks (at 1 s): ids 0..<40 had passed.
        let passed = all.filter { $0.windowEnd <= .seconds(1) }
        let dropped = table.endSweep(passed: passed)
        #expect(dropped.count == 39, "id 0 changed meanwhile and stays")
        #expect(table.count == Table.sweepFloor - 39)
        guard case .waiting(let size) = table.sweep else {
            Issue.record("waiting for the next sweep")
            return
        }
        #expect(size == Table.sweepFloor, "twice the entries left, at least the floor")
    }

    @Test("removeAll hands back every entry")
    func removeAll() {
        var table = Table()
        _ = table.recordSent(id: EffectID("a"), at: .zero, interval: .seconds(1), clock: "c")
        let removedAll = table.removeAll()
        #expect(removedAll.count == 1)
        #expect(table.count == 0)
    }
}

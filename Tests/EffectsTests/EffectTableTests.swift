@testable import Effects
import Testing

/// Drives ``EffectTable`` transition by transition, with no lock, context or store.
@Suite struct EffectTableTests {
    /// A root or member that records nothing: the table never calls out.
    private final class Part: RunningEffect {
        func stop() {}
        func cancelByID() {}
    }

    private let timer = EffectID("timer")
    private let search = EffectID("search")

    private func identities(_ members: EffectTable.Members?) -> Set<ObjectIdentifier> {
        Set((members?.all ?? []).map(ObjectIdentifier.init))
    }

    @Test("a root is counted from its beginning to its end, and its end hands it back")
    func rootBeginsAndEnds() {
        var table = EffectTable()
        let root = Part()
        guard case .admitted(nil) = table.begin(root, id: nil, replacingInFlight: false) else {
            Issue.record("an open table refused a root")
            return
        }
        #expect(table.runningCount == 1)
        #expect(table.idCount == 0)
        let ended = table.end(root, id: nil)
        #expect(ended.root === root)
        #expect(ended.member == nil)
        #expect(table.runningCount == 0)
        let outcome1 = table.end(root, id: nil).root == nil
        #expect(outcome1, "ending twice finds nothing")
    }

    @Test("a root with an id is its id's member until it ends; the id goes with its last member")
    func rootWithAnID() {
        var table = EffectTable()
        let first = Part()
        let second = Part()
        _ = table.begin(first, id: timer, replacingInFlight: false)
        _ = table.begin(second, id: timer, replacingInFlight: false)
        #expect(table.runningCount == 2)
        #expect(table.idCount == 1)
        #expect(table.registeredCount == 2)
        let outcome2 = table.end(first, id: timer).member === first
        #expect(outcome2)
        #expect(table.registeredCount == 1)
        let outcome3 = table.end(second, id: timer).member === second
        #expect(outcome3)
        #expect(table.idCount == 0)
        #expect(table.runningCount == 0)
    }

    @Test("a root that replaces in flight becomes its id's one member and hands back the others")
    func replacingInFlight() {
        var table = EffectTable()
        let old = [Part(), Part()]
        for part in old { _ = table.begin(part, id: timer, replacingInFlight: false) }
        let new = Part()
        guard case .admitted(let replaced) = table.begin(new, id: timer, replacingInFlight: true)
        else {
            Issue.record("an open table refused a root")
            return
        }
        #expect(identities(replaced) == Set(old.map(ObjectIdentifier.init)))
        #expect(table.registeredCount == 1)
        // The replaced roots stay counted until they end (their cancel ends them).
        #expect(table.runningCount == 3)
        for part in old {
            let ended = table.end(part, id: timer)
            #expect(ended.root == nil && ended.member == nil, "their cancel took them already")
        }
        #expect(table.runningCount == 1)
        let outcome4 = table.end(new, id: timer).member === new
        #expect(outcome4)
    }

    @Test("members register under ids, one, then many, then one again, then none")
    func registerAndUnregister() {
        var table = EffectTable()
        let first = Part()
        let second = Part()
        let other = Part()
        let outcome5 = table.register(first, id: timer)
        #expect(outcome5)
        let outcome6 = table.register(second, id: timer)
        #expect(outcome6)
        let outcome7 = table.register(other, id: search)
        #expect(outcome7)
        #expect(table.idCount == 2)
        #expect(table.registeredCount == 3)
        #expect(table.runningCount == 0, "a member is not a root")
        let outcome8 = table.unregister(first, id: timer) === first
        #expect(outcome8)
        let outcome9 = table.unregister(first, id: timer) == nil
        #expect(outcome9, "unregistering twice finds nothing")
        let outcome10 = table.unregister(other, id: timer) == nil
        #expect(outcome10, "nor does the wrong id")
        #expect(table.registeredCount == 2)
        let outcome11 = table.unregister(second, id: timer) === second
        #expect(outcome11)
        #expect(table.idCount == 1)
    }

    @Test("taking an id's members removes the id; roots among them stay counted until they end")
    func takeMembers() {
        var table = EffectTable()
        let root = Part()
        let member = Part()
        _ = table.begin(root, id: timer, replacingInFlight: false)
        _ = table.register(member, id: timer)
        let taken = table.takeMembers(of: timer)
        #expect(identities(taken) == [ObjectIdentifier(root), ObjectIdentifier(member)])
        #expect(table.idCount == 0)
        let outcome12 = table.takeMembers(of: timer) == nil
        #expect(outcome12)
        #expect(table.runningCount == 1)
        let ended = table.end(root, id: timer)
        #expect(ended.root == nil && ended.member == nil, "it went with the cancel")
        #expect(table.runningCount == 0)
    }

    @Test(
        "a scoped root joins its scopes' groups and its id's; taking a scope reaches it, and its end leaves every group"
    )
    func scopedRoots() {
        var table = EffectTable()
        let row = EffectID("row 1"), list = EffectID("list")
        let saving = Part(), plain = Part(), other = Part()
        _ = table.begin(
            saving, id: timer, scope: row, outerScopes: [list], replacingInFlight: false)
        _ = table.begin(plain, id: nil, scope: row, outerScopes: [list], replacingInFlight: false)
        _ = table.begin(other, id: timer, replacingInFlight: false)
        #expect(table.runningCount == 3)
        #expect(table.idCount == 3)
        #expect(table.registeredCount == 6)

        let taken = table.takeMembers(of: row)
        #expect(identities(taken) == [ObjectIdentifier(saving), ObjectIdentifier(plain)])
        #expect(table.runningCount == 3, "taken roots run until they end")
        let savingEnded = table.end(saving, id: timer, scope: row, outerScopes: [list])
        #expect(savingEnded.member === saving)
        let plainEnded = table.end(plain, id: nil, scope: row, outerScopes: [list])
        #expect(plainEnded.root == nil && plainEnded.member == nil)
        #expect(table.runningCount == 1)
        #expect(identities(table.takeMembers(of: timer)) == [ObjectIdentifier(other)])
        #expect(table.takeMembers(of: list) == nil, "the outer scope's group went with its members")
        #expect(table.idCount == 0)
    }

    @Test(
        "a scoped root that replaces in flight takes the replaced ones' places in its scopes' groups; their ends leave the groups as they are"
    )
    func scopedRootReplacesInFlight() {
        var table = EffectTable()
        let row = EffectID("row 1"), list = EffectID("list")
        let first = Part(), plain = Part(), second = Part()
        _ = table.begin(first, id: timer, scope: row, outerScopes: [list], replacingInFlight: true)
        guard
            case .admitted(let replacedFirst) = table.begin(
                second, id: timer, scope: row, outerScopes: [list], replacingInFlight: true)
        else {
            Issue.record("refused")
            return
        }
        #expect(identities(replacedFirst) == [ObjectIdentifier(first)])
        #expect(table.registeredCount == 3, "the id's group and both scopes' hold the new one only")
        let firstEnded = table.end(first, id: timer, scope: row, outerScopes: [list])
        #expect(firstEnded.root == nil && firstEnded.member == nil)
        #expect(table.registeredCount == 3, "the replaced one's end took nobody else's place")

        // With another root in the scope, the group of many loses the replaced one only.
        _ = table.begin(plain, id: nil, scope: row, outerScopes: [list], replacingInFlight: false)
        let third = Part()
        _ = table.begin(third, id: timer, scope: row, outerScopes: [list], replacingInFlight: true)
        #expect(table.runningCount == 3, "the replaced one runs until it ends")
        _ = table.end(second, id: timer, scope: row, outerScopes: [list])
        #expect(table.runningCount == 2)
        #expect(
            identities(table.takeMembers(of: row))
                == [ObjectIdentifier(plain), ObjectIdentifier(third)])
        #expect(
            identities(table.takeMembers(of: list))
                == [ObjectIdentifier(plain), ObjectIdentifier(third)])
        #expect(identities(table.takeMembers(of: timer)) == [ObjectIdentifier(third)])
        #expect(table.idCount == 0)
    }

    @Test(
        "closing hands the roots over in the order they began, each let go before the next is handed over"
    )
    func closeHandsRootsOverOneByOne() {
        var table = EffectTable()
        weak var first: Part?
        weak var second: Part?
        var expected: [ObjectIdentifier] = []
        do {
            let parts = [Part(), Part(), Part()]
            first = parts[0]
            second = parts[1]
            expected = parts.map(ObjectIdentifier.init)
            for part in parts { _ = table.begin(part, id: nil, replacingInFlight: false) }
            // A freed slot is reused: the second ends and begins again, in its old slot.
            _ = table.end(parts[1], id: nil)
            _ = table.begin(parts[1], id: nil, replacingInFlight: false)
        }
        // Taken out of what `close()` returns, so that no copy of the roots is left beside.
        var closed = table.close()
        guard var roots = closed.take()?.roots else {
            Issue.record("an open table did not close")
            return
        }
        var handed: [ObjectIdentifier] = []
        var earlierGone: [Bool] = []
        roots.removeAll { root in
            handed.append(ObjectIdentifier(root))
            if handed.count == 2 { earlierGone.append(first == nil) }
            if handed.count == 3 { earlierGone.append(second == nil) }
        }
        #expect(handed == expected)
        #expect(earlierGone == [true, true], "the table kept a root it had handed over")
        #expect(roots.count == 0)
        var again: [ObjectIdentifier] = []
        roots.removeAll { again.append(ObjectIdentifier($0)) }
        #expect(again.isEmpty)
    }

    @Test("closing hands everything back once; a closed table admits and keeps nothing")
    func close() {
        var table = EffectTable()
        let root = Part()
        let identified = Part()
        let member = Part()
        _ = table.begin(root, id: nil, replacingInFlight: false)
        _ = table.begin(identified, id: timer, replacingInFlight: false)
        _ = table.register(member, id: search)
        let closed = table.close()
        var stopped: [ObjectIdentifier] = []
        var roots = closed?.roots
        roots?.removeAll { stopped.append(ObjectIdentifier($0)) }
        #expect(stopped == [ObjectIdentifier(root)], "a root with an id is kept in its group only")
        #expect(
            Set((closed?.members ?? []).map(ObjectIdentifier.init)) == [
                ObjectIdentifier(identified), ObjectIdentifier(member),
            ])
        #expect(table.runningCount == 0)
        #expect(table.idCount == 0)
        let outcome13 = table.close() == nil
        #expect(outcome13)

        guard case .refused = table.begin(Part(), id: nil, replacingInFlight: false) else {
            Issue.record("a closed table admitted a root")
            return
        }
        let outcome14 = !table.register(Part(), id: timer)
        #expect(outcome14)
        let outcome15 = table.end(root, id: nil).root == nil
        #expect(outcome15)
        let outcome16 = table.unregister(member, id: search) == nil
        #expect(outcome16)
        let outcome17 = table.takeMembers(of: timer) == nil
        #expect(outcome17)
    }
}

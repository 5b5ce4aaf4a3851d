@testable import Effects
import Testing

/// `SendGateState`, transition by transition, with strings for continuations: no lock, no task.
@Suite struct SendGateStateTests {
    @Test("an open gate lets senders through without a ticket")
    func openGateIssuesNoTicket() {
        var gate = SendGateState<String>()
        #expect(gate.isOpen)
        #expect(gate.takeTicket() == nil)
        #expect(gate.waitingCount == 0)
        #expect(gate.open().isEmpty, "opening an open gate resumes nothing")
    }

    @Test("a closed gate issues tickets; opening resumes the suspended ones and forgets the rest")
    func openingResumesWaiters() throws {
        var gate = SendGateState<String>()
        gate.close()
        gate.close()
        #expect(!gate.isOpen)
        let first = try issuedTicket(&gate)
        let second = try issuedTicket(&gate)
        #expect(first != second)
        #expect(gate.suspend(first, "first") == false)
        #expect(gate.waitingCount == 2)

        #expect(gate.open() == ["first"])
        #expect(gate.isOpen)
        #expect(gate.waitingCount == 0)
        // The second's continuation arrives after the gate opened: it goes on at once.
        #expect(gate.suspend(second, "second") == true)
        #expect(gate.waitingCount == 0)
    }

    @Test("a task cancelled while suspended is resumed by the cancel, once")
    func cancelWhileSuspended() throws {
        var gate = SendGateState<String>()
        gate.close()
        let ticket = try issuedTicket(&gate)
        #expect(gate.suspend(ticket, "task") == false)
        #expect(gate.cancel(ticket) == "task")
        #expect(gate.waitingCount == 0)
        #expect(gate.cancel(ticket) == nil, "a second cancel finds nothing")
        #expect(gate.open().isEmpty)
    }

    @Test("a task cancelled before its continuation arrives is resumed as it arrives")
    func cancelBeforeSuspending() throws {
        var gate = SendGateState<String>()
        gate.close()
        let ticket = try issuedTicket(&gate)
        #expect(gate.cancel(ticket) == nil)
        #expect(gate.waitingCount == 1)
        #expect(gate.suspend(ticket, "task") == true)
        #expect(gate.waitingCount == 0)
        #expect(!gate.isOpen)
    }

    @Test("cancelling after the gate opened does nothing")
    func cancelAfterOpening() throws {
        var gate = SendGateState<String>()
        gate.close()
        let ticket = try issuedTicket(&gate)
        #expect(gate.suspend(ticket, "task") == false)
        #expect(gate.open() == ["task"])
        #expect(gate.cancel(ticket) == nil)
    }

    @Test("tickets stay unique across closings, so a late continuation never takes a newer place")
    func ticketsUniqueAcrossClosings() throws {
        var gate = SendGateState<String>()
        gate.close()
        let old = try issuedTicket(&gate)
        #expect(gate.open().isEmpty)
        gate.close()
        let new = try issuedTicket(&gate)
        #expect(old != new)
        // The old ticket's continuation arrives late: it finds no entry and goes on; the new
        // ticket's entry is untouched.
        #expect(gate.suspend(old, "old") == true)
        #expect(gate.waitingCount == 1)
        #expect(gate.suspend(new, "new") == false)
        #expect(gate.open() == ["new"])
    }
}

/// Takes a ticket at a closed gate.
private func issuedTicket(_ gate: inout SendGateState<String>) throws -> UInt64 {
    let ticket = gate.takeTicket()
    return try #require(ticket)
}

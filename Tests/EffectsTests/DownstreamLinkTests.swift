@testable import Effects
import Testing

/// `DownstreamLink` and `MachineWithDownstream`, step by step: no lock, no thread.
@Suite struct DownstreamLinkTests {
    final class Tag {}

    @Test("detaching hands the downstream out once, then the link holds nothing")
    func detachOnce() {
        let tag = Tag()
        var link = DownstreamLink.attached(tag)
        #expect(link.downstream === tag)
        let detached = link.detach()
        #expect(detached === tag)
        #expect(link.downstream == nil)
        let again = link.detach()
        #expect(again == nil)
    }

    @Test("values come with the downstream; the completion detaches it, and nothing follows")
    func completionDetaches() {
        let tag = Tag()
        var state = MachineWithDownstream(SerialOutbox<Int>(), downstream: tag)
        let becameDeliverer = state.machine.push(.value(1))
        #expect(becameDeliverer)
        let finishDelivers = state.machine.push(.finished)
        #expect(!finishDelivers)
        let first = state.pop(from: \.self)
        #expect(first?.1 === tag)
        let last = state.pop(from: \.self)
        #expect(last?.1 === tag)
        if case .finished? = last?.0 {} else { Issue.record("expected the completion") }
        #expect(state.link.downstream == nil)
        let after = state.pop(from: \.self)
        #expect(after == nil)
    }

    @Test("after a cancel (the outbox closed, the link detached) the deliverer finds nothing")
    func cancelledFindsNothing() {
        var state = MachineWithDownstream(SerialOutbox<Int>(), downstream: Tag())
        _ = state.machine.push(.value(1))
        _ = state.machine.close()
        let detached = state.link.detach()
        #expect(detached != nil)
        let popped = state.pop(from: \.self)
        #expect(popped == nil)
        let accepted = state.machine.push(.value(2))
        #expect(!accepted)
    }
}

@testable import Effects
import Testing

/// `CombiningState`, the machine behind `zip` and `combineLatest` of two to four publishers,
/// driven transition by transition with plain values: no lock, thread or publisher.
@Suite struct CombiningStateTests {
    typealias State = CombiningState<Int>

    /// A machine with every upstream attached, and the upstreams, by index.
    private func attached(_ rule: State.Rule, count: Int) -> (State, [FakeUpstream]) {
        var state = State(rule: rule, count: count)
        let upstreams = (0..<count).map { _ in FakeUpstream() }
        for (index, upstream) in upstreams.enumerated() {
            let accepted = state.attach(upstream, at: index)
            #expect(accepted)
        }
        return (state, upstreams)
    }

    /// Everything waiting in the outbox, as text: `[1, 2, 3]` for a row, `finished`.
    private func drain(_ state: inout State) -> [String] {
        var events: [String] = []
        while let event = state.outbox.pop() {
            switch event {
            case .value(let row): events.append("\(row)")
            case .finished: events.append("finished")
            }
        }
        return events
    }

    /// Which of `upstreams` an outcome cancels, by index, in its order.
    private func cancelled(_ outcome: State.Outcome, of upstreams: [FakeUpstream]) -> [Int] {
        outcome.cancel.map { cancelled in upstreams.firstIndex { $0 === cancelled }! }
    }

    @Test("zip: a row once every slot holds a value, made of the oldest of each")
    func zipRows() {
        var (state, _) = attached(.zip, count: 3)
        #expect(!state.receive(1, at: 0).delivers)
        #expect(!state.receive(2, at: 0).delivers)
        #expect(!state.receive(10, at: 1).delivers)
        let outcome = state.receive(100, at: 2)
        #expect(outcome.delivers, "the caller becomes the deliverer")
        #expect(drain(&state) == ["[1, 10, 100]"])
        _ = state.receive(20, at: 1)
        #expect(state.receive(200, at: 2).delivers)
        #expect(drain(&state) == ["[2, 20, 200]"])
    }

    @Test("zip: a finished upstream with values waiting keeps them; the end comes with its last")
    func zipEndsWhenExhausted() {
        var (state, upstreams) = attached(.zip, count: 3)
        _ = state.receive(1, at: 1)
        _ = state.receive(2, at: 1)
        let finished = state.finish(at: 1)
        #expect(!finished.delivers && finished.cancel.isEmpty)
        #expect(finished.release.count == 1, "the finished upstream's subscription is let go")
        _ = state.receive(10, at: 0)
        _ = state.receive(100, at: 2)
        #expect(drain(&state) == ["[10, 1, 100]"])
        _ = state.receive(20, at: 0)
        let last = state.receive(200, at: 2)
        #expect(cancelled(last, of: upstreams) == [0, 2])
        #expect(state.isEnded)
        #expect(drain(&state) == ["[20, 2, 200]", "finished"])
        #expect(!state.receive(3, at: 0).delivers, "nothing more after the end")
        #expect(drain(&state) == [])
    }

    @Test("zip: a finish with nothing waiting ends it at once, whatever the others hold")
    func zipEndsAtOnce() {
        var (state, upstreams) = attached(.zip, count: 4)
        _ = state.receive(1, at: 0)
        let outcome = state.finish(at: 3)
        #expect(outcome.delivers)
        #expect(cancelled(outcome, of: upstreams) == [0, 1, 2])
        #expect(drain(&state) == ["finished"])
    }

    @Test("combineLatest: nothing until every slot holds a value, then a row on every value")
    func combineLatestRows() {
        var (state, _) = attached(.combineLatest, count: 3)
        _ = state.receive(1, at: 0)
        _ = state.receive(2, at: 0)
        _ = state.receive(10, at: 1)
        #expect(drain(&state) == [])
        #expect(state.receive(100, at: 2).delivers)
        let replacing = state.receive(20, at: 1)
        #expect(replacing.release.count == 1, "the replaced value is let go outside the lock")
        #expect(drain(&state) == ["[2, 10, 100]", "[2, 20, 100]"])
    }

    @Test("combineLatest: ends only when every upstream has finished, then nothing to cancel")
    func combineLatestEndsAfterAll() {
        var (state, _) = attached(.combineLatest, count: 2)
        _ = state.receive(1, at: 0)
        _ = state.finish(at: 0)
        _ = state.receive(10, at: 1)
        #expect(!state.isEnded)
        let last = state.finish(at: 1)
        #expect(last.cancel.isEmpty)
        #expect(state.isEnded)
        #expect(drain(&state) == ["[1, 10]", "finished"])
    }

    @Test("a second finish of one upstream changes nothing")
    func finishTwice() {
        var (state, _) = attached(.combineLatest, count: 2)
        _ = state.finish(at: 0)
        let again = state.finish(at: 0)
        #expect(!again.delivers && again.release.isEmpty && !state.isEnded)
    }

    @Test(
        "cancel hands back the running upstreams in order, not the finished ones, and only once")
    func cancel() {
        var (state, upstreams) = attached(.zip, count: 3)
        _ = state.receive(1, at: 1)
        _ = state.receive(2, at: 1)
        _ = state.finish(at: 1)
        let outcome = state.cancel()
        #expect(outcome.map { cancelled($0, of: upstreams) } == [0, 2])
        #expect(state.isEnded)
        #expect(state.cancel() == nil)
    }

    @Test("a subscription that comes after the end, or a second one for a slot, is refused")
    func attachRefused() {
        var state = State(rule: .zip, count: 2)
        let first = state.attach(FakeUpstream(), at: 0)
        let second = state.attach(FakeUpstream(), at: 0)
        _ = state.cancel()
        let afterEnd = state.attach(FakeUpstream(), at: 1)
        #expect(first && !second && !afterEnd)
    }
}

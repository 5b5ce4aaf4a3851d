@testable import Effects
import Testing

/// `TimedHold` as the throttles drive it (both `throttle(for:scheduler:latest:)` and
/// `Effect.throttle(id:…)`), transition by transition: no lock, no scheduler, no thread. This
/// suite drives a window of the subscription's own; `SharedThrottleStateTests`, one shared under
/// an id.
@Suite struct ThrottleStateTests {
    typealias State = TimedHold<String>

    private func running(_ upstream: FakeUpstream = FakeUpstream()) -> State {
        var state = State()
        let attached = state.attach(upstream)
        #expect(attached)
        return state
    }

    /// Pops everything the outbox holds, as text.
    private func delivered(_ state: inout State) -> [String] {
        state.outbox.popAllAsText()
    }

    @Test("the first value goes out at once; the next waits until interval after it")
    func firstAtOnceNextAfterInterval() throws {
        var state = running()
        let wait = state.receive("a", at: .seconds(10), interval: .seconds(3), latest: true)
        let first = try #require(wait)
        #expect(first.delay == .zero)
        let fired = state.fire(first.generation, at: .seconds(10))
        #expect(fired == true)
        #expect(delivered(&state) == ["a"])

        let waitAgain = state.receive("b", at: .seconds(11), interval: .seconds(3), latest: true)
        let second = try #require(waitAgain)
        #expect(second.delay == .seconds(2), "interval after the last value sent (10 s + 3 s)")
        #expect(second.generation != first.generation)
    }

    @Test("a value after a quiet interval goes out at once")
    func quietIntervalPassed() throws {
        var state = running()
        let waitFirst = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let first = try #require(waitFirst)
        let fired = state.fire(first.generation, at: .zero)
        #expect(fired == true)
        _ = delivered(&state)
        let waitAgain = state.receive("b", at: .seconds(5), interval: .seconds(1), latest: true)
        let wait = try #require(waitAgain)
        #expect(wait.delay == .zero)
    }

    @Test("while a value is held, latest replaces it and first keeps it")
    func latestOrFirst() {
        for (latest, expected) in [(true, "c"), (false, "a")] {
            var state = running()
            let first = state.receive("a", at: .zero, interval: .seconds(1), latest: latest)
            let wait = state.receive("b", at: .zero, interval: .seconds(1), latest: latest)
            #expect(wait == nil)
            let waitAgain = state.receive("c", at: .zero, interval: .seconds(1), latest: latest)
            #expect(waitAgain == nil)
            let fired = first.flatMap { state.fire($0.generation, at: .zero) }
            #expect(fired == true)
            #expect(delivered(&state) == [expected])
        }
    }

    @Test("finishing with a value held sends it at its time, then the completion")
    func finishWithValueHeld() throws {
        var state = running()
        let waitAgain = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let wait = try #require(waitAgain)
        let (next, finished) = state.finish(atOnce: false)
        guard case .nothing = next else {
            Issue.record("a held value's work sends the completion, not new work")
            return
        }
        #expect(finished != nil)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let waitThird = state.receive("late", at: .zero, interval: .seconds(1), latest: true)
        #expect(waitThird == nil)
        let fired = state.fire(wait.generation, at: .zero)
        #expect(fired == true)
        #expect(delivered(&state) == ["a", "finished"])
        let firedAgain = state.fire(wait.generation, at: .seconds(1))
        #expect(firedAgain == nil, "work after the end does nothing")
    }

    @Test("finishing with nothing held schedules the completion at once")
    func finishWithNothingHeld() throws {
        var state = running()
        let (next, finished) = state.finish(atOnce: false)
        guard case .schedule(let wait) = next else {
            Issue.record("expected work scheduled for the completion, got \(next)")
            return
        }
        #expect(wait.delay == .zero)
        #expect(finished != nil)
        #expect(delivered(&state).isEmpty, "the completion waits for the scheduler")
        let fired = state.fire(wait.generation, at: .zero)
        #expect(fired == true)
        #expect(delivered(&state) == ["finished"])
    }

    @Test("a handle is kept only for the work now scheduled, once")
    func keepOnlyCurrentWork() throws {
        var state = running()
        let wait = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let first = try #require(wait)
        // An immediate scheduler ran the work before its handle came back.
        let fired = state.fire(first.generation, at: .zero)
        #expect(fired == true)
        let kept = state.keep(FakeWork(name: "spent"), for: first.generation)
        #expect(!kept)
        let waitAgain = state.receive("b", at: .zero, interval: .seconds(1), latest: true)
        let second = try #require(waitAgain)
        let keptAgain = state.keep(FakeWork(name: "stale"), for: first.generation)
        #expect(!keptAgain)
        let keptThird = state.keep(FakeWork(name: "w"), for: second.generation)
        #expect(keptThird)
        let keptFourth = state.keep(FakeWork(name: "twice"), for: second.generation)
        #expect(!keptFourth)
    }

    @Test("cancelling hands back the upstream, the work's handle and the held value, once")
    func cancelHandsBackEverything() throws {
        let upstream = FakeUpstream()
        var state = running(upstream)
        let waitAgain = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let wait = try #require(waitAgain)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let (cancelledUpstream, work, dropped) = state.cancel()
        #expect(cancelledUpstream === upstream)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let second = state.cancel()
        #expect(second.upstream == nil && second.work == nil && second.dropped.0 == nil)
        let fired = state.fire(wait.generation, at: .seconds(1))
        #expect(fired == nil)
    }
}

/// `TimedHold` as `Effect.throttle(id:…)` drives it: the id's memory decides when a value
/// goes, the machine holds it, transition by transition.
@Suite struct SharedThrottleStateTests {
    typealias State = TimedHold<String>

    private func running() -> State {
        var state = State()
        let attached = state.attach(FakeUpstream())
        #expect(attached)
        return state
    }

    @Test("with nothing held, a value asks the memory; once held, later ones are absorbed")
    func absorbWhileHolding() throws {
        var state = running()
        let absorbed = state.absorb("a", latest: true)
        #expect(!absorbed)
        let heldAgain = state.hold("a", for: .seconds(1))
        let wait = try #require(heldAgain)
        #expect(wait.delay == .seconds(1))
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let absorbedAgain = state.absorb("b", latest: true)
        #expect(absorbedAgain)
        let absorbedThird = state.absorb("c", latest: false)
        #expect(absorbedThird, "first: c is dropped, b stays")
        let sent = state.fire(wait.generation, at: .seconds(1))
        #expect(sent == true)
        #expect(state.outbox.popAllAsText() == ["b"])
        let absorbedFourth = state.absorb("d", latest: true)
        #expect(!absorbedFourth, "nothing held again: ask the memory")
    }

    @Test("a value the memory lets through goes to the outbox at once, and nothing is held")
    func sendNow() {
        var state = running()
        let delivers = state.sendNow("a")
        #expect(delivers)
        #expect(state.outbox.popAllAsText() == ["a"])
        let absorbed = state.absorb("b", latest: true)
        #expect(!absorbed, "nothing held: the next value asks the memory too")
        _ = state.cancel()
        let sentAfterCancel = state.sendNow("c")
        #expect(!sentAfterCancel, "a cancelled throttle sends nothing")
    }

    @Test("stale work finds another generation and does nothing")
    func staleWork() throws {
        var state = running()
        let held = state.hold("a", for: .zero)
        let old = try #require(held)
        let sent = state.fire(old.generation, at: .zero)
        #expect(sent == true)
        let heldAgain = state.hold("b", for: .seconds(1))
        let new = try #require(heldAgain)
        let sentAgain = state.fire(old.generation, at: .zero)
        #expect(sentAgain == nil)
        let kept = state.keep(FakeWork(name: "stale"), for: old.generation)
        #expect(!kept)
        let keptAgain = state.keep(FakeWork(name: "w"), for: new.generation)
        #expect(keptAgain)
    }

    @Test("finishing with nothing held sends the completion now; with a value held, after it")
    func finishing() throws {
        var idle = running()
        let (next, finished) = idle.finish(atOnce: true)
        guard case .deliver = next else {
            Issue.record("expected the completion delivered at once, got \(next)")
            return
        }
        #expect(finished != nil)
        #expect(idle.outbox.popAllAsText() == ["finished"])

        var holding = running()
        let held = holding.hold("a", for: .seconds(1))
        let wait = try #require(held)
        let (nextAgain, _) = holding.finish(atOnce: true)
        guard case .nothing = nextAgain else {
            Issue.record("a held value's work sends the completion, got \(nextAgain)")
            return
        }
        let heldAgain = holding.hold("late", for: .zero)
        #expect(heldAgain == nil, "a finished effect holds nothing more")
        let sent = holding.fire(wait.generation, at: .seconds(1))
        #expect(sent == true)
        #expect(holding.outbox.popAllAsText() == ["a", "finished"])
    }

    @Test("cancelling hands back the upstream, the work and the held value; then nothing runs")
    func cancel() throws {
        var state = running()
        let held = state.hold("a", for: .seconds(1))
        let wait = try #require(held)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let (upstream, work, dropped) = state.cancel()
        #expect(upstream != nil)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let sent = state.fire(wait.generation, at: .seconds(1))
        #expect(sent == nil)
        let absorbed = state.absorb("b", latest: true)
        #expect(absorbed, "a cancelled effect drops values")
    }
}

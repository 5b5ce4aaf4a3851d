@testable import Effects
import Testing

/// `ThrottleState` (the `throttle(for:scheduler:latest:)` operator's machine), transition by
/// transition: no lock, no scheduler, no thread.
@Suite struct ThrottleStateTests {
    typealias State = ThrottleState<String>

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
        let fired = state.fire(at: .seconds(10))
        #expect(fired)
        #expect(delivered(&state) == ["a"])

        let waitAgain = state.receive("b", at: .seconds(11), interval: .seconds(3), latest: true)
        let second = try #require(waitAgain)
        #expect(second.delay == .seconds(2), "interval after the last value sent (10 s + 3 s)")
        #expect(second.generation != first.generation)
    }

    @Test("a value after a quiet interval goes out at once")
    func quietIntervalPassed() throws {
        var state = running()
        _ = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let fired = state.fire(at: .zero)
        #expect(fired)
        _ = delivered(&state)
        let waitAgain = state.receive("b", at: .seconds(5), interval: .seconds(1), latest: true)
        let wait = try #require(waitAgain)
        #expect(wait.delay == .zero)
    }

    @Test("while a value is held, latest replaces it and first keeps it")
    func latestOrFirst() {
        for (latest, expected) in [(true, "c"), (false, "a")] {
            var state = running()
            _ = state.receive("a", at: .zero, interval: .seconds(1), latest: latest)
            let wait = state.receive("b", at: .zero, interval: .seconds(1), latest: latest)
            #expect(wait == nil)
            let waitAgain = state.receive("c", at: .zero, interval: .seconds(1), latest: latest)
            #expect(waitAgain == nil)
            let fired = state.fire(at: .zero)
            #expect(fired)
            #expect(delivered(&state) == [expected])
        }
    }

    @Test("finishing with a value held sends it at its time, then the completion")
    func finishWithValueHeld() throws {
        var state = running()
        let waitAgain = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let wait = try #require(waitAgain)
        let (finishWait, finished) = state.finish()
        #expect(finishWait == nil)
        #expect(finished != nil)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let waitThird = state.receive("late", at: .zero, interval: .seconds(1), latest: true)
        #expect(waitThird == nil)
        let fired = state.fire(at: .zero)
        #expect(fired)
        #expect(delivered(&state) == ["a", "finished"])
        let firedAgain = state.fire(at: .seconds(1))
        #expect(!firedAgain, "work after the end does nothing")
    }

    @Test("finishing with nothing held schedules the completion at once")
    func finishWithNothingHeld() throws {
        var state = running()
        let (wait, finished) = state.finish()
        #expect(try #require(wait).delay == .zero)
        #expect(finished != nil)
        let fired = state.fire(at: .zero)
        #expect(fired)
        #expect(delivered(&state) == ["finished"])
    }

    @Test("a handle is kept only for the work now scheduled, once")
    func keepOnlyCurrentWork() throws {
        var state = running()
        let wait = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let first = try #require(wait)
        // An immediate scheduler ran the work before its handle came back.
        let fired = state.fire(at: .zero)
        #expect(fired)
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
        let fired = state.fire(at: .seconds(1))
        #expect(!fired)
    }
}

/// `ThrottledEffectState` (one `Effect.throttle(id:…)` effect), transition by transition.
@Suite struct ThrottledEffectStateTests {
    typealias State = ThrottledEffectState<String>

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
        let heldAgain = state.hold("a")
        let generation = try #require(heldAgain)
        let kept = state.keep(FakeWork(name: "w"), for: generation)
        #expect(kept)
        let absorbedAgain = state.absorb("b", latest: true)
        #expect(absorbedAgain)
        let absorbedThird = state.absorb("c", latest: false)
        #expect(absorbedThird, "first: c is dropped, b stays")
        let sent = state.sendHeld(generation)
        #expect(sent == true)
        let event = state.outbox.pop()
        #expect(event.map { if case .value(let v) = $0 { v } else { "finished" } } == "b")
        let absorbedFourth = state.absorb("d", latest: true)
        #expect(!absorbedFourth, "nothing held again: ask the memory")
    }

    @Test("stale work finds another generation and does nothing")
    func staleWork() throws {
        var state = running()
        let held = state.hold("a")
        let old = try #require(held)
        let sent = state.sendHeld(old)
        #expect(sent == true)
        let heldAgain = state.hold("b")
        let new = try #require(heldAgain)
        let sentAgain = state.sendHeld(old)
        #expect(sentAgain == nil)
        let kept = state.keep(FakeWork(name: "stale"), for: old)
        #expect(!kept)
        let keptAgain = state.keep(FakeWork(name: "w"), for: new)
        #expect(keptAgain)
    }

    @Test("finishing with nothing held sends the completion now; with a value held, after it")
    func finishing() throws {
        var idle = running()
        let (delivers, finished) = idle.finish()
        #expect(delivers)
        #expect(finished != nil)

        var holding = running()
        let held = holding.hold("a")
        let generation = try #require(held)
        let finishingAgain = holding.finish()
        #expect(finishingAgain.delivers == false)
        let heldAgain = holding.hold("late")
        #expect(heldAgain == nil, "a finished effect holds nothing more")
        let sent = holding.sendHeld(generation)
        #expect(sent == true)
        #expect(holding.outbox.popAllAsText() == ["a", "finished"])
    }

    @Test("cancelling hands back the upstream, the work and the held value; then nothing runs")
    func cancel() throws {
        var state = running()
        let held = state.hold("a")
        let generation = try #require(held)
        let kept = state.keep(FakeWork(name: "w"), for: generation)
        #expect(kept)
        let (upstream, work, dropped) = state.cancel()
        #expect(upstream != nil)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let sent = state.sendHeld(generation)
        #expect(sent == nil)
        let absorbed = state.absorb("b", latest: true)
        #expect(absorbed, "a cancelled effect drops values")
    }
}

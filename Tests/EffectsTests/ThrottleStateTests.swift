@testable import Effects
import Testing

/// `ThrottleState` (the `throttle(for:scheduler:latest:)` operator's machine), transition by
/// transition: no lock, no scheduler, no thread.
@Suite struct ThrottleStateTests {
    typealias State = ThrottleState<String>

    private func running(_ upstream: FakeUpstream = FakeUpstream()) -> State {
        var state = State()
        let step1 = state.attach(upstream)
        #expect(step1)
        return state
    }

    private func delivered(_ state: inout State) -> [String] {
        var events: [String] = []
        while let event = state.outbox.pop() {
            switch event {
            case .value(let value): events.append(value)
            case .finished: events.append("finished")
            }
        }
        return events
    }

    @Test("the first value goes out at once; the next waits until interval after it")
    func firstAtOnceNextAfterInterval() throws {
        var state = running()
        let step2 = state.receive("a", at: .seconds(10), interval: .seconds(3), latest: true)
        let first = try #require(
            step2)
        #expect(first.delay == .zero)
        let step3 = state.fire(at: .seconds(10))
        #expect(step3)
        #expect(delivered(&state) == ["a"])

        let step4 = state.receive("b", at: .seconds(11), interval: .seconds(3), latest: true)
        let second = try #require(
            step4)
        #expect(second.delay == .seconds(2), "interval after the last value sent (10 s + 3 s)")
        #expect(second.generation != first.generation)
    }

    @Test("a value after a quiet interval goes out at once")
    func quietIntervalPassed() throws {
        var state = running()
        _ = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let step5 = state.fire(at: .zero)
        #expect(step5)
        _ = delivered(&state)
        let step6 = state.receive("b", at: .seconds(5), interval: .seconds(1), latest: true)
        let wait = try #require(
            step6)
        #expect(wait.delay == .zero)
    }

    @Test("while a value is held, latest replaces it and first keeps it")
    func latestOrFirst() {
        for (latest, expected) in [(true, "c"), (false, "a")] {
            var state = running()
            _ = state.receive("a", at: .zero, interval: .seconds(1), latest: latest)
            let step7 = state.receive("b", at: .zero, interval: .seconds(1), latest: latest)
            #expect(step7 == nil)
            let step8 = state.receive("c", at: .zero, interval: .seconds(1), latest: latest)
            #expect(step8 == nil)
            let step9 = state.fire(at: .zero)
            #expect(step9)
            #expect(delivered(&state) == [expected])
        }
    }

    @Test("finishing with a value held sends it at its time, then the completion")
    func finishWithValueHeld() throws {
        var state = running()
        let step10 = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let wait = try #require(step10)
        let (finishWait, finished) = state.finish()
        #expect(finishWait == nil)
        #expect(finished != nil)
        let step11 = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(step11)
        let step12 = state.receive("late", at: .zero, interval: .seconds(1), latest: true)
        #expect(step12 == nil)
        let step13 = state.fire(at: .zero)
        #expect(step13)
        #expect(delivered(&state) == ["a", "finished"])
        let step14 = state.fire(at: .seconds(1))
        #expect(!step14, "work after the end does nothing")
    }

    @Test("finishing with nothing held schedules the completion at once")
    func finishWithNothingHeld() throws {
        var state = running()
        let (wait, finished) = state.finish()
        #expect(try #require(wait).delay == .zero)
        #expect(finished != nil)
        let step15 = state.fire(at: .zero)
        #expect(step15)
        #expect(delivered(&state) == ["finished"])
    }

    @Test("a handle is kept only for the work now scheduled, once")
    func keepOnlyCurrentWork() throws {
        var state = running()
        let step16 = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let first = try #require(step16)
        // An immediate scheduler ran the work before its handle came back.
        let step17 = state.fire(at: .zero)
        #expect(step17)
        let step18 = state.keep(FakeWork(name: "spent"), for: first.generation)
        #expect(!step18)
        let step19 = state.receive("b", at: .zero, interval: .seconds(1), latest: true)
        let second = try #require(
            step19)
        let step20 = state.keep(FakeWork(name: "stale"), for: first.generation)
        #expect(!step20)
        let step21 = state.keep(FakeWork(name: "w"), for: second.generation)
        #expect(step21)
        let step22 = state.keep(FakeWork(name: "twice"), for: second.generation)
        #expect(!step22)
    }

    @Test("cancelling hands back the upstream, the work's handle and the held value, once")
    func cancelHandsBackEverything() throws {
        let upstream = FakeUpstream()
        var state = running(upstream)
        let step23 = state.receive("a", at: .zero, interval: .seconds(1), latest: true)
        let wait = try #require(step23)
        let step24 = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(step24)
        let (cancelledUpstream, work, dropped) = state.cancel()
        #expect(cancelledUpstream === upstream)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let second = state.cancel()
        #expect(second.upstream == nil && second.work == nil && second.dropped.0 == nil)
        let step25 = state.fire(at: .seconds(1))
        #expect(!step25)
    }
}

/// `ThrottledEffectState` (one `Effect.throttle(id:…)` effect), transition by transition.
@Suite struct ThrottledEffectStateTests {
    typealias State = ThrottledEffectState<String>

    private func running() -> State {
        var state = State()
        let step26 = state.attach(FakeUpstream())
        #expect(step26)
        return state
    }

    @Test("with nothing held, a value asks the memory; once held, later ones are absorbed")
    func absorbWhileHolding() throws {
        var state = running()
        let step27 = state.absorb("a", latest: true)
        #expect(!step27)
        let step28 = state.hold("a")
        let generation = try #require(step28)
        let step29 = state.keep(FakeWork(name: "w"), for: generation)
        #expect(step29)
        let step30 = state.absorb("b", latest: true)
        #expect(step30)
        let step31 = state.absorb("c", latest: false)
        #expect(step31, "first: c is dropped, b stays")
        let step32 = state.sendHeld(generation)
        #expect(step32 == true)
        let step33 = state.outbox.pop()
        #expect(step33.map { if case .value(let v) = $0 { v } else { "finished" } } == "b")
        let step34 = state.absorb("d", latest: true)
        #expect(!step34, "nothing held again: ask the memory")
    }

    @Test("stale work finds another generation and does nothing")
    func staleWork() throws {
        var state = running()
        let step35 = state.hold("a")
        let old = try #require(step35)
        let step36 = state.sendHeld(old)
        #expect(step36 == true)
        let step37 = state.hold("b")
        let new = try #require(step37)
        let step38 = state.sendHeld(old)
        #expect(step38 == nil)
        let step39 = state.keep(FakeWork(name: "stale"), for: old)
        #expect(!step39)
        let step40 = state.keep(FakeWork(name: "w"), for: new)
        #expect(step40)
    }

    @Test("finishing with nothing held sends the completion now; with a value held, after it")
    func finishing() throws {
        var idle = running()
        let (delivers, finished) = idle.finish()
        #expect(delivers)
        #expect(finished != nil)

        var holding = running()
        let step41 = holding.hold("a")
        let generation = try #require(step41)
        let step42 = holding.finish()
        #expect(step42.delivers == false)
        let step43 = holding.hold("late")
        #expect(step43 == nil, "a finished effect holds nothing more")
        let step44 = holding.sendHeld(generation)
        #expect(step44 == true)
        var events: [String] = []
        while let event = holding.outbox.pop() {
            if case .value(let value) = event {
                events.append(value)
            } else {
                events.append("finished")
            }
        }
        #expect(events == ["a", "finished"])
    }

    @Test("cancelling hands back the upstream, the work and the held value; then nothing runs")
    func cancel() throws {
        var state = running()
        let step45 = state.hold("a")
        let generation = try #require(step45)
        let step46 = state.keep(FakeWork(name: "w"), for: generation)
        #expect(step46)
        let (upstream, work, dropped) = state.cancel()
        #expect(upstream != nil)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let step47 = state.sendHeld(generation)
        #expect(step47 == nil)
        let step48 = state.absorb("b", latest: true)
        #expect(step48, "a cancelled effect drops values")
    }
}

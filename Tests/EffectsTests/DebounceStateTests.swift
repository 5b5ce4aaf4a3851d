@testable import Effects
import Testing

/// `TimedHold` as a debounce drives it, transition by transition: no lock, no scheduler, no
/// thread. Times are plain durations standing for the scheduler's clock.
@Suite struct DebounceStateTests {
    typealias State = TimedHold<String>

    /// A running state with `upstream` attached.
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

    @Test("the first subscription is kept, a second is refused")
    func attachOnce() {
        var state = State()
        let attached = state.attach(FakeUpstream())
        #expect(attached)
        let attachedAgain = state.attach(FakeUpstream())
        #expect(!attachedAgain)
    }

    @Test("a value schedules work for dueTime; later values only move the due time")
    func oneWorkPerQuietPeriod() throws {
        var state = running()
        let waitAgain = state.receive("a", at: .seconds(0), dueTime: .seconds(3))
        let wait = try #require(waitAgain)
        #expect(wait.delay == .seconds(3))
        let kept = state.keep(FakeWork(name: "w1"), for: wait.generation)
        #expect(kept)
        let waitThird = state.receive("b", at: .seconds(1), dueTime: .seconds(3))
        #expect(waitThird == nil)
        let waitFourth = state.receive("c", at: .seconds(2), dueTime: .seconds(3))
        #expect(waitFourth == nil)
        guard case .waiting(_, "c", .seconds(5), let work) = state.stage else {
            Issue.record("c waits until 5 s, got \(state.stage)")
            return
        }
        #expect(work.due == .seconds(3))
    }

    @Test(
        "work that runs before the moved due time waits again for the rest, then sends the latest")
    func waitAgainThenDeliver() throws {
        var state = running()
        let wait = state.receive("a", at: .seconds(0), dueTime: .seconds(3))
        let first = try #require(wait)
        _ = state.receive("b", at: .seconds(2), dueTime: .seconds(3))
        guard case .schedule(let again) = state.fire(at: .seconds(3)) else {
            Issue.record("the work waits again")
            return
        }
        #expect(again.delay == .seconds(2))
        #expect(again.generation != first.generation)
        let kept = state.keep(FakeWork(name: "stale"), for: first.generation)
        #expect(!kept)
        let keptAgain = state.keep(FakeWork(name: "w2"), for: again.generation)
        #expect(keptAgain)
        guard case .deliver = state.fire(at: .seconds(5)) else {
            Issue.record("the work delivers at 5 s")
            return
        }
        #expect(delivered(&state) == ["b"])
        guard case .idle = state.stage else {
            Issue.record("idle after sending, got \(state.stage)")
            return
        }
    }

    @Test("a scheduler whose clock stands still runs the work for its own due time")
    func clockStandingStill() throws {
        var state = running()
        let wait = state.receive("a", at: .zero, dueTime: .seconds(1))
        _ = try #require(wait)
        guard case .deliver = state.fire(at: .zero) else {
            Issue.record("work for 1 s runs as if at 1 s")
            return
        }
        #expect(delivered(&state) == ["a"])
    }

    @Test("finishing with a value waiting sends the value at its time, then the completion")
    func finishWithValueWaiting() throws {
        var state = running()
        let waitAgain = state.receive("a", at: .zero, dueTime: .seconds(1))
        let wait = try #require(waitAgain)
        let (finishWait, finished) = state.finish(at: .milliseconds(500))
        #expect(finishWait == nil, "the work already scheduled sends the completion too")
        #expect(finished != nil, "the finished upstream is handed back for release")
        let waitThird = state.receive("late", at: .milliseconds(600), dueTime: .seconds(1))
        #expect(waitThird == nil)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        guard case .deliver = state.fire(at: .seconds(1)) else {
            Issue.record("the work delivers")
            return
        }
        #expect(delivered(&state) == ["a", "finished"])
        guard case .ended = state.stage else {
            Issue.record("ended after the completion")
            return
        }
        guard case .nothing = state.fire(at: .seconds(2)) else {
            Issue.record("work after the end does nothing")
            return
        }
    }

    @Test("finishing with nothing waiting schedules the completion at once")
    func finishWithNothingWaiting() throws {
        var state = running()
        let (wait, finished) = state.finish(at: .seconds(7))
        #expect(try #require(wait).delay == .zero)
        #expect(finished != nil)
        let finishing = state.finish(at: .seconds(8))
        #expect(finishing.finished == nil, "a second completion is ignored")
        guard case .deliver = state.fire(at: .seconds(7)) else {
            Issue.record("the completion is delivered")
            return
        }
        #expect(delivered(&state) == ["finished"])
    }

    @Test("cancelling hands back the upstream, the work's handle and the waiting value, once")
    func cancelHandsBackEverything() throws {
        let upstream = FakeUpstream()
        var state = running(upstream)
        let waitAgain = state.receive("a", at: .zero, dueTime: .seconds(1))
        let wait = try #require(waitAgain)
        let kept = state.keep(FakeWork(name: "w"), for: wait.generation)
        #expect(kept)
        let (cancelledUpstream, work, dropped) = state.cancel()
        #expect(cancelledUpstream === upstream)
        #expect((work as? FakeWork)?.name == "w")
        #expect(dropped.0 == "a")
        let second = state.cancel()
        #expect(second.upstream == nil && second.work == nil && second.dropped.0 == nil)
        let waitThird = state.receive("b", at: .zero, dueTime: .seconds(1))
        #expect(waitThird == nil)
        let keptAgain = state.keep(FakeWork(name: "late"), for: wait.generation)
        #expect(!keptAgain)
        guard case .nothing = state.fire(at: .seconds(1)) else {
            Issue.record("work that runs after a cancel does nothing")
            return
        }
    }

    @Test("a delivery under way takes what another firing pushed; one deliverer at a time")
    func outboxSerializes() throws {
        var state = running()
        let wait = state.receive("a", at: .zero, dueTime: .seconds(1))
        _ = try #require(wait)
        guard case .deliver = state.fire(at: .seconds(1)) else {
            Issue.record("the first firing delivers")
            return
        }
        // The deliverer has not drained yet when the next value's work runs.
        let waitAgain = state.receive("b", at: .seconds(1), dueTime: .seconds(1))
        _ = try #require(waitAgain)
        guard case .nothing = state.fire(at: .seconds(2)) else {
            Issue.record("the second firing leaves its value to the deliverer")
            return
        }
        #expect(delivered(&state) == ["a", "b"])
    }
}

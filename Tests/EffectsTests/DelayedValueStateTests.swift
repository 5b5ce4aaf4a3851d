@testable import Effects
import Testing

/// Drives ``DelayedValueState`` transition by transition, with no lock, scheduler or subscriber.
@Suite struct DelayedValueStateTests {
    /// Scheduled work's handle, recording whether it was cancelled.
    private final class Work: Cancellable, @unchecked Sendable {
        // Touched only by the test's own thread.
        var isCancelled = false
        func cancel() { isCancelled = true }
    }

    @Test("scheduled, then fired: the value goes, and the spent handle is handed back")
    func firesOnce() {
        var state = DelayedValueState.scheduling
        let work = Work()
        let kept = state.arrive(work)
        #expect(kept == nil)
        let (fires, spent) = state.fire()
        #expect(fires)
        #expect((spent as? Work) === work)
        let (cancelled, taken) = state.cancel()
        #expect(!cancelled, "a cancel after the firing does nothing")
        #expect(taken == nil)
        #expect(!work.isCancelled)
    }

    @Test("fired before the handle came back: the handle is dropped, not cancelled")
    func firesBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling
        let (fires, spent) = state.fire()
        #expect(fires)
        #expect(spent == nil)
        let work = Work()
        let back = state.arrive(work)
        #expect(back == nil)
    }

    @Test("cancelled while waiting: the work is handed back to cancel, and the firing does nothing")
    func cancelledWhileWaiting() {
        var state = DelayedValueState.scheduling
        let work = Work()
        _ = state.arrive(work)
        let (cancelled, taken) = state.cancel()
        #expect(cancelled)
        #expect((taken as? Work) === work)
        let (fires, _) = state.fire()
        #expect(!fires)
        let (again, _) = state.cancel()
        #expect(!again, "cancelling twice does nothing")
    }

    @Test("cancelled before the handle came back: the handle is handed back to cancel on arrival")
    func cancelledBeforeTheHandleArrives() {
        var state = DelayedValueState.scheduling
        let (cancelled, taken) = state.cancel()
        #expect(cancelled)
        #expect(taken == nil)
        let work = Work()
        let back = state.arrive(work)
        #expect((back as? Work) === work)
    }
}

@testable import Redux
import Testing

/// Drives ``TaskTrackerState`` transition by transition, with no lock, tracker or store.
@Suite struct TaskTrackerTests {
    /// Records which callbacks were handed back, by name.
    private final class Calls: @unchecked Sendable {
        // Touched only by the test's own thread: the machine never calls out.
        var names: [String] = []

        func callback(_ name: String) -> @Sendable () -> Void {
            { [self] in names.append(name) }
        }
    }

    private func run(_ callbacks: [@Sendable () -> Void]?) {
        for callback in callbacks ?? [] { callback() }
    }

    @Test("a task counts its sent action, and finishes when the last piece of work ends")
    func finishesWithItsLastWork() {
        var state = TaskTrackerState()
        let calls = Calls()
        let outcome1 = !state.whenOver(calls.callback("over"))
        #expect(outcome1)
        let outcome2 = state.add()
        #expect(outcome2)
        let outcome3 = state.add()
        #expect(outcome3)
        var settlement = state.remove(isSentAction: true)
        #expect(!settlement.finished)
        settlement = state.remove(isSentAction: false)
        #expect(!settlement.finished)
        #expect(!state.isOver)
        settlement = state.remove(isSentAction: false)
        #expect(settlement.finished)
        run(settlement.callbacks)
        #expect(calls.names == ["over"])
        #expect(state.isOver)
        #expect(!state.isCancelled)
        let outcome4 = !state.add()
        #expect(outcome4, "a finished task counts nothing more")
    }

    @Test("the sent action's callbacks come when it is processed, whatever else runs")
    func sentActionProcessed() {
        var state = TaskTrackerState()
        let calls = Calls()
        let outcome5 = !state.whenSentActionProcessed(calls.callback("processed"))
        #expect(outcome5)
        let outcome6 = state.add()
        #expect(outcome6)
        let settlement = state.remove(isSentAction: true)
        run(settlement.callbacks)
        #expect(calls.names == ["processed"])
        #expect(!settlement.finished, "an effect still runs")
        let outcome7 = state.whenSentActionProcessed(calls.callback("late"))
        #expect(outcome7, "processed already")
    }

    @Test("cancelling hands back the waiters once, and the task counts nothing more")
    func cancel() {
        var state = TaskTrackerState()
        let calls = Calls()
        let outcome8 = !state.whenOver(calls.callback("over"))
        #expect(outcome8)
        let outcome9 = state.add()
        #expect(outcome9)
        run(state.cancel())
        #expect(calls.names == ["over"])
        #expect(state.isCancelled)
        #expect(state.isOver)
        let outcome10 = state.cancel() == nil
        #expect(outcome10, "cancelling twice owes nothing")
        let outcome11 = !state.add()
        #expect(outcome11)
        let outcome12 = state.whenOver(calls.callback("late"))
        #expect(outcome12, "over already")
        // Work that was running ends as it is dropped; the sent action is still processed.
        let outcome13 = !state.remove(isSentAction: false).finished
        #expect(outcome13)
        let outcome14 = !state.whenSentActionProcessed(calls.callback("processed"))
        #expect(outcome14)
        run(state.remove(isSentAction: true).callbacks)
        #expect(calls.names == ["over", "processed"])
    }

    @Test("a finished task cannot be cancelled")
    func finishedIsNotCancelled() {
        var state = TaskTrackerState()
        let outcome15 = state.remove(isSentAction: true).finished
        #expect(outcome15)
        let outcome16 = state.cancel() == nil
        #expect(outcome16)
        #expect(!state.isCancelled)
    }
}

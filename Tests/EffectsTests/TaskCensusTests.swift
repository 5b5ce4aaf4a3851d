@testable import Effects
import Testing

/// `TaskCensus`, transition by transition: no lock, no scheduler, no task. The invariants are
/// checked after every step.
@Suite struct TaskCensusTests {
    @Test("a task is awake from the moment it is counted until it sleeps")
    func startsAwake() {
        var census = TaskCensus()
        let id = census.taskStarted()
        census.checkInvariants()
        #expect(census.tasks == [id: .awake])
        #expect(census.awakeCount == 1)
    }

    @Test("a sleep makes the task asleep, and its end makes it awake again")
    func sleepAndWake() {
        var census = TaskCensus()
        let id = census.taskStarted()
        census.fellAsleep(id)
        census.checkInvariants()
        #expect(census.tasks == [id: .asleep(sleeps: 1)])
        #expect(census.awakeCount == 0)
        census.wokeUp(id)
        census.checkInvariants()
        #expect(census.tasks == [id: .awake])
        #expect(census.awakeCount == 1)
    }

    @Test("child tasks sleeping side by side keep the task asleep until the last one wakes")
    func childSleeps() {
        var census = TaskCensus()
        let id = census.taskStarted()
        census.fellAsleep(id)
        census.fellAsleep(id)
        census.checkInvariants()
        #expect(census.tasks == [id: .asleep(sleeps: 2)])
        census.wokeUp(id)
        census.checkInvariants()
        #expect(census.tasks == [id: .asleep(sleeps: 1)])
        #expect(census.awakeCount == 0)
        census.wokeUp(id)
        census.checkInvariants()
        #expect(census.awakeCount == 1)
    }

    @Test("tasks are counted one by one: one asleep, one awake")
    func severalTasks() {
        var census = TaskCensus()
        let sleeping = census.taskStarted()
        let running = census.taskStarted()
        #expect(sleeping != running)
        census.fellAsleep(sleeping)
        census.checkInvariants()
        #expect(census.awakeCount == 1)
        census.taskEnded(running)
        census.checkInvariants()
        #expect(census.awakeCount == 0)
        #expect(census.tasks == [sleeping: .asleep(sleeps: 1)])
    }

    @Test("an ended task leaves nothing behind, awake or asleep")
    func endLeavesNothing() {
        var census = TaskCensus()
        let awake = census.taskStarted()
        let asleep = census.taskStarted()
        census.fellAsleep(asleep)
        census.taskEnded(awake)
        // An unstructured task it made may still sleep as it ends.
        census.taskEnded(asleep)
        census.checkInvariants()
        #expect(census.tasks.isEmpty)
        #expect(census.awakeCount == 0)
    }

    @Test("a sleep of a task that is not counted, or no longer, is ignored")
    func unknownSleepsIgnored() {
        var census = TaskCensus()
        let id = census.taskStarted()
        census.taskEnded(id)
        census.fellAsleep(id)
        census.wokeUp(id)
        census.fellAsleep(42)
        census.checkInvariants()
        #expect(census.tasks.isEmpty)
        #expect(census.awakeCount == 0)
    }

    @Test("ids are never reused")
    func idsNeverReused() {
        var census = TaskCensus()
        let first = census.taskStarted()
        census.taskEnded(first)
        let second = census.taskStarted()
        #expect(first != second)
        census.fellAsleep(first)
        #expect(census.tasks == [second: .awake])
    }
}

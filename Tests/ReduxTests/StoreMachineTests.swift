@testable import Redux
import Testing

/// The store's decisions, transition by transition: no lock, no thread, no store. Threads are
/// fake ids, the home's answer to "is this code on me?" a fake flag, the work strings.
@Suite struct StoreMachineTests {
    typealias Machine = StoreMachine<String, FakeWaiter, String>

    let alice = ThreadID(rawValue: 1)
    let bob = ThreadID(rawValue: 2)
    let carol = ThreadID(rawValue: 3)

    /// Drains as the drainer would, until it stops: the items processed, and the last step
    /// (room made on the way is passed: the tests of the gate check it).
    private func drain(_ machine: inout Machine) -> (processed: [String], last: Machine.Step) {
        var processed: [String] = []
        while true {
            let step = machine.next()
            machine.checkInvariants()
            switch step {
            case .process(let work): processed.append(work)
            case .makeRoom: continue
            default: return (processed, step)
            }
        }
    }

    // MARK: Without a home

    @Test("an idle store makes the first arrival the drainer; an empty queue makes it idle again")
    func idleToDrainingAndBack() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: false)
        #expect(machine.isAtRest)
        expectEqual(machine.arrive("a", thread: alice, isHomeCurrent: nil), .process)
        #expect(machine.phase == .draining(.init(drainer: alice)))
        #expect(!machine.isAtRest)
        expectEqual(machine.next(), .finished)
        #expect(machine.phase == .idle)
        machine.checkInvariants()
    }

    @Test("while someone drains, others' work is queued in order, and the drainer takes it")
    func queueWhileDraining() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        expectEqual(
            machine.arrive("b", thread: bob, isHomeCurrent: nil), .queued(closesGate: false))
        expectEqual(
            machine.arrive("c", thread: carol, isHomeCurrent: nil), .queued(closesGate: false))
        // The drainer's own nested dispatch is queued the same way.
        expectEqual(
            machine.arrive("d", thread: alice, isHomeCurrent: nil), .queued(closesGate: false))
        machine.checkInvariants()
        let (processed, last) = drain(&machine)
        #expect(processed == ["b", "c", "d"])
        #expect(last == .finished)
        #expect(machine.phase == .idle)
    }

    @Test("the item that fills the queue closes the gate; draining to half opens it")
    func gate() {
        var machine = Machine(capacity: 4, turnLength: 100, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        for work in ["b", "c", "d"] {
            expectEqual(
                machine.arrive(work, thread: bob, isHomeCurrent: nil), .queued(closesGate: false))
        }
        expectEqual(machine.arrive("e", thread: bob, isHomeCurrent: nil), .queued(closesGate: true))
        #expect(machine.isGateClosed)
        #expect(machine.longestQueue == 4)
        expectEqual(machine.next(), .process("b"))
        expectEqual(machine.next(), .process("c"))
        // Two left: half the bound.
        expectEqual(machine.next(), .makeRoom([], opensGate: true))
        #expect(!machine.isGateClosed)
        expectEqual(machine.next(), .process("d"))
        machine.checkInvariants()
    }

    @Test(
        "a full queue makes another thread a successor; the drainer hands over once its turn is over"
    )
    func fullQueueWaitsThenTakesOver() {
        var machine = Machine(capacity: 2, turnLength: 2, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("b", thread: bob, isHomeCurrent: nil)
        expectEqual(machine.arrive("c", thread: bob, isHomeCurrent: nil), .queued(closesGate: true))
        expectEqual(
            machine.arrive("d", thread: carol, isHomeCurrent: nil),
            .wait(FakeWaiter(thread: carol)))
        // The drainer itself never waits, full or not.
        expectEqual(
            machine.arrive("x", thread: alice, isHomeCurrent: nil), .queued(closesGate: false))
        machine.checkInvariants()
        expectEqual(machine.next(), .process("b"))
        expectEqual(machine.next(), .process("c"))
        expectEqual(machine.next(), .makeRoom([], opensGate: true))
        // Its turn (2 items) is over: the role passes to the successor, with the queue.
        expectEqual(machine.next(), .handOff(FakeWaiter(thread: carol)))
        #expect(machine.phase == .draining(.init(drainer: carol)))
        machine.checkInvariants()
        // The successor queues its own work behind what waits, then drains.
        // Full again: the gate closes.
        expectEqual(machine.takeOver(with: "d", on: carol), .queued(closesGate: true))
        let (processed, last) = drain(&machine)
        #expect(processed == ["x", "d"])
        #expect(last == .finished)
    }

    @Test("a successor taking over a full queue processes the oldest item before queueing its own")
    func takeOverFullQueue() {
        var machine = Machine(capacity: 2, turnLength: 1, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("b", thread: bob, isHomeCurrent: nil)
        expectEqual(machine.next(), .process("b"))
        // Alice's turn is over: the next thread from outside waits to take over.
        expectEqual(
            machine.arrive("c", thread: bob, isHomeCurrent: nil),
            .wait(FakeWaiter(thread: bob)))
        expectEqual(
            machine.arrive("x", thread: alice, isHomeCurrent: nil), .queued(closesGate: false))
        expectEqual(
            machine.arrive("y", thread: alice, isHomeCurrent: nil), .queued(closesGate: true))
        expectEqual(machine.next(), .handOff(FakeWaiter(thread: bob)))
        machine.checkInvariants()
        expectEqual(machine.takeOver(with: "c", on: bob), .process("x"))
        expectEqual(machine.takeOver(with: "c", on: bob), .queued(closesGate: false))
        expectEqual(machine.next(), .process("y"))
        expectEqual(machine.next(), .makeRoom([], opensGate: true))
        let (rest, end) = drain(&machine)
        #expect(rest == ["c"])
        #expect(end == .finished)
    }

    @Test(
        "a task that must wait gets a waiter without a thread; handed the turn, it names its thread as it takes over"
    )
    func taskSuccessor() {
        var machine = Machine(capacity: 2, turnLength: 1, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("b", thread: bob, isHomeCurrent: nil)
        expectEqual(machine.next(), .process("b"))
        // Alice's turn is over: a task arriving from Bob's thread suspends as the successor.
        expectEqual(
            machine.arrive("c", thread: bob, suspends: true, isHomeCurrent: nil),
            .wait(FakeWaiter(thread: nil)))
        expectEqual(machine.next(), .handOff(FakeWaiter(thread: nil)))
        // Until the task resumes, nobody's dispatch is nested, not even from the thread it left:
        // Bob queues while there is room, then waits, as any thread.
        #expect(machine.phase == .draining(.init(drainer: .nobody)))
        expectEqual(
            machine.arrive("x", thread: bob, isHomeCurrent: nil), .queued(closesGate: false))
        expectEqual(
            machine.arrive("y", thread: bob, isHomeCurrent: nil), .queued(closesGate: true))
        expectEqual(
            machine.arrive("z", thread: bob, isHomeCurrent: nil), .wait(FakeWaiter(thread: bob)))
        machine.checkInvariants()
        // The task resumes on Carol's thread: it drains there, and Carol's dispatches are nested.
        expectEqual(machine.takeOver(with: "c", on: carol), .process("x"))
        #expect(machine.phase == .draining(.init(drainer: carol, processed: 1)))
        expectEqual(machine.takeOver(with: "c", on: carol), .queued(closesGate: false))
        expectEqual(
            machine.arrive("n", thread: carol, isHomeCurrent: nil), .queued(closesGate: false))
        machine.checkInvariants()
    }

    @Test("with a home, a task waits for room with a waiter without a thread")
    func taskRoomWaiter() {
        var machine = Machine(capacity: 2, turnLength: 8, hasHome: true)
        _ = machine.arrive("a", thread: bob, isHomeCurrent: false)
        _ = machine.arrive("b", thread: bob, isHomeCurrent: false)
        expectEqual(
            machine.arrive("c", thread: bob, suspends: true, isHomeCurrent: false),
            .wait(FakeWaiter(thread: nil)))
        expectEqual(machine.homeRuns(on: alice), true)
        expectEqual(machine.next(), .process("a"))
        expectEqual(machine.next(), .makeRoom([FakeWaiter(thread: nil)], opensGate: true))
        machine.checkInvariants()
    }

    @Test("with a turn over and nobody waiting, the drainer finishes the queue")
    func noSuccessorFinishes() {
        var machine = Machine(capacity: 8, turnLength: 1, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("x", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("y", thread: alice, isHomeCurrent: nil)
        let (processed, last) = drain(&machine)
        #expect(processed == ["x", "y"])
        #expect(last == .finished)
    }

    // MARK: With a home

    @Test("a home store schedules the home once per batch, and the scheduled work drains")
    func homeAwayScheduled() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: true)
        #expect(machine.phase == .away)
        expectEqual(machine.arrive("a", thread: bob, isHomeCurrent: false), .queuedForHome)
        #expect(machine.phase == .scheduled)
        expectEqual(
            machine.arrive("b", thread: bob, isHomeCurrent: false), .queued(closesGate: false))
        machine.checkInvariants()
        expectEqual(machine.homeRuns(on: alice), true)
        let (processed, last) = drain(&machine)
        #expect(processed == ["a", "b"])
        #expect(last == .finished)
        #expect(machine.phase == .away)
    }

    @Test("code already on the home drains at once when the store is at rest")
    func homeCurrentDrains() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: true)
        expectEqual(machine.arrive("a", thread: alice, isHomeCurrent: true), .process)
        #expect(machine.phase == .draining(.init(drainer: alice)))
        expectEqual(machine.next(), .finished)
        #expect(machine.phase == .away)
    }

    @Test("the home is asked whether the caller runs on it only when the answer decides")
    func homeAskedOnlyWhenItMatters() {
        var machine = Machine(capacity: 2, turnLength: 2, hasHome: true)
        var questions = 0
        let notOnTheHome = { () -> Bool? in
            questions += 1
            return false
        }
        // At rest: the answer decides between draining here and scheduling the home.
        expectEqual(machine.arrive("a", thread: bob, isHomeCurrent: notOnTheHome), .queuedForHome)
        #expect(questions == 1)
        // Scheduled, with room in the queue: queued whatever the answer.
        expectEqual(
            machine.arrive("b", thread: bob, isHomeCurrent: notOnTheHome),
            .queued(closesGate: true))
        #expect(questions == 1)
        // Full: the answer decides between waiting for room and queueing past the bound.
        guard case .wait = machine.arrive("c", thread: bob, isHomeCurrent: notOnTheHome) else {
            Issue.record("a thread off the home that finds the queue full waits for room")
            return
        }
        #expect(questions == 2)
        machine.checkInvariants()
    }

    @Test("scheduled work that finds the queue drained by code on the home does nothing")
    func scheduledWorkFindsNothing() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: true)
        _ = machine.arrive("a", thread: bob, isHomeCurrent: false)
        expectEqual(machine.homeRuns(on: alice), true)
        #expect(drain(&machine).processed == ["a"])
        expectEqual(machine.homeRuns(on: alice), false)
        #expect(machine.phase == .away)
    }

    @Test("a home's turn ends with work left: the drainer reschedules, and the next piece drains")
    func homeReschedules() {
        var machine = Machine(capacity: 8, turnLength: 2, hasHome: true)
        _ = machine.arrive("a", thread: bob, isHomeCurrent: false)
        for work in ["b", "c"] {
            _ = machine.arrive(work, thread: bob, isHomeCurrent: false)
        }
        expectEqual(machine.homeRuns(on: alice), true)
        let (first, last) = drain(&machine)
        #expect(first == ["a", "b"])
        #expect(last == .reschedule)
        #expect(machine.phase == .scheduled)
        expectEqual(machine.homeRuns(on: alice), true)
        let (rest, end) = drain(&machine)
        #expect(rest == ["c"])
        #expect(end == .finished)
    }

    @Test("with a home, a full queue makes other threads wait for room, but never the home")
    func homeFullQueue() {
        var machine = Machine(capacity: 2, turnLength: 8, hasHome: true)
        _ = machine.arrive("a", thread: bob, isHomeCurrent: false)
        expectEqual(
            machine.arrive("b", thread: bob, isHomeCurrent: false), .queued(closesGate: true))
        expectEqual(
            machine.arrive("c", thread: bob, isHomeCurrent: false),
            .wait(FakeWaiter(thread: bob)))
        // On the home, or a home that cannot tell: queued past the bound.
        expectEqual(
            machine.arrive("d", thread: alice, isHomeCurrent: true), .queued(closesGate: false))
        expectEqual(
            machine.arrive("e", thread: carol, isHomeCurrent: nil), .queued(closesGate: false))
        machine.checkInvariants()
        expectEqual(machine.homeRuns(on: alice), true)
        expectEqual(machine.next(), .process("a"))
        expectEqual(machine.next(), .process("b"))
        expectEqual(machine.next(), .process("d"))
        expectEqual(machine.next(), .makeRoom([FakeWaiter(thread: bob)], opensGate: true))
        // Woken, Bob arrives again and finds room (filling the queue again).
        expectEqual(
            machine.arrive("c", thread: bob, isHomeCurrent: false), .queued(closesGate: true))
        let (rest, end) = drain(&machine)
        #expect(rest == ["e", "c"])
        #expect(end == .finished)
    }

    // MARK: Shutting down

    @Test("shutting down drops the queue, lets every waiter go, and drops later arrivals")
    func shutDownDrops() {
        var machine = Machine(capacity: 2, turnLength: 8, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        _ = machine.arrive("b", thread: bob, isHomeCurrent: nil)
        _ = machine.arrive("c", thread: bob, isHomeCurrent: nil)
        _ = machine.arrive("d", thread: carol, isHomeCurrent: nil)
        let id = machine.makeIdleWaiterID()
        expectEqual(machine.waitForIdle("idle", id: id, effectsRunning: false), [])
        let remains = machine.shutDown()
        #expect(Array(remains.queue) == ["b", "c"])
        #expect(remains.waiters == [FakeWaiter(thread: carol)])
        #expect(remains.idleWaiters == ["idle"])
        machine.checkInvariants()
        // The drainer stops; a waiter let go finds nothing to take over.
        expectEqual(machine.next(), .finished)
        expectEqual(machine.takeOver(with: "d", on: carol), .dropped)
        expectEqual(machine.arrive("e", thread: bob, isHomeCurrent: nil), .dropped)
        expectEqual(machine.homeRuns(on: alice), false)
        // Again: nothing left.
        let again = machine.shutDown()
        #expect(again.queue.isEmpty && again.waiters.isEmpty && again.idleWaiters.isEmpty)
    }

    // MARK: Impossible transitions

    @Test("asking for a next step while nobody drains stops the program")
    func nextWithoutDrainer() async {
        await #expect(processExitsWith: .failure) {
            var machine = StoreMachine<String, FakeWaiter, String>(
                capacity: 4, turnLength: 4, hasHome: false)
            _ = machine.next()
        }
    }

    @Test("taking over while nobody drains stops the program")
    func takeOverWithoutDrainer() async {
        await #expect(processExitsWith: .failure) {
            var machine = StoreMachine<String, FakeWaiter, String>(
                capacity: 4, turnLength: 4, hasHome: true)
            _ = machine.takeOver(with: "a", on: ThreadID(rawValue: 1))
        }
    }

    // MARK: Idle

    @Test("idle waiters are woken when the store comes to rest with no effect running")
    func idleWaitersWoken() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: false)
        _ = machine.arrive("a", thread: alice, isHomeCurrent: nil)
        let first = machine.makeIdleWaiterID()
        let second = machine.makeIdleWaiterID()
        #expect(first != second)
        // Busy: they wait.
        expectEqual(machine.waitForIdle("one", id: first, effectsRunning: false), [])
        expectEqual(machine.waitForIdle("two", id: second, effectsRunning: false), [])
        #expect(machine.isIdleWatched)
        expectEqual(machine.next(), .finished)
        // At rest, but an effect runs: they still wait.
        expectEqual(machine.workEnded(effectsRunning: true), [])
        expectEqual(Set(machine.workEnded(effectsRunning: false)), ["one", "two"])
        #expect(!machine.isIdleWatched)
        // A waiter on an idle store is resumed at once.
        let third = machine.makeIdleWaiterID()
        expectEqual(machine.waitForIdle("three", id: third, effectsRunning: false), ["three"])
    }

    @Test("a cancelled idle waiter leaves; cancelling it again finds nothing")
    func idleWaiterCancelled() {
        var machine = Machine(capacity: 4, turnLength: 4, hasHome: true)
        _ = machine.arrive("a", thread: bob, isHomeCurrent: false)
        let id = machine.makeIdleWaiterID()
        expectEqual(machine.waitForIdle("one", id: id, effectsRunning: false), [])
        expectEqual(machine.stopWaitingForIdle(id: id), "one")
        expectEqual(machine.stopWaitingForIdle(id: id), nil)
        #expect(!machine.isIdleWatched)
    }
}

/// Checks one transition's answer (outside `#expect`, which cannot call a mutating method).
private func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// A waiting thread, as the machine keeps it: only its id (nil for a task).
struct FakeWaiter: StoreWaiter, Equatable {
    let thread: ThreadID?

    init(thread: ThreadID?) {
        self.thread = thread
    }

    init(thread: ThreadID, suspends: Bool) {
        self.thread = suspends ? nil : thread
    }
}

extension StoreMachine.Arrival: Equatable where Waiter: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.process, .process), (.dropped, .dropped), (.queuedForHome, .queuedForHome): true
        case (.queued(let a), .queued(let b)): a == b
        case (.wait(let a), .wait(let b)): a == b
        default: false
        }
    }
}

extension StoreMachine.TakeOver: Equatable where Work: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.process(let a), .process(let b)): a == b
        case (.queued(let a), .queued(let b)): a == b
        case (.dropped, .dropped): true
        default: false
        }
    }
}

extension StoreMachine.Step: Equatable where Work: Equatable, Waiter: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.process(let a), .process(let b)): a == b
        case (.makeRoom(let a, let x), .makeRoom(let b, let y)): a == b && x == y
        case (.handOff(let a), .handOff(let b)): a == b
        case (.reschedule, .reschedule), (.finished, .finished): true
        default: false
        }
    }
}

extension StoreMachine.Phase: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.away, .away), (.scheduled, .scheduled), (.shutDown, .shutDown): true
        case (.draining(let a), .draining(let b)): a == b
        default: false
        }
    }
}

extension StoreMachine {
    /// Checks what every state of the machine must satisfy.
    func checkInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
        switch phase {
        case .idle, .away, .shutDown:
            #expect(queue.isEmpty, "at rest with work queued", sourceLocation: sourceLocation)
            #expect(successors.isEmpty, "at rest with successors", sourceLocation: sourceLocation)
            #expect(
                roomWaiters.isEmpty, "at rest with threads waiting", sourceLocation: sourceLocation)
        case .scheduled:
            #expect(successors.isEmpty, "a home has no successors", sourceLocation: sourceLocation)
        case .draining(let turn):
            #expect(turn.processed >= 0, sourceLocation: sourceLocation)
        }
        if hasHome {
            #expect(successors.isEmpty, "a home has no successors", sourceLocation: sourceLocation)
        } else {
            #expect(
                roomWaiters.isEmpty, "only a home's threads wait for room",
                sourceLocation: sourceLocation)
        }
        #expect(queue.count <= longestQueue, sourceLocation: sourceLocation)
    }
}

extension StoreMachine {
    /// An arrival with the home's answer given as a plain value, for the tests: the machine
    /// itself takes it as a function, asked only when the answer decides.
    mutating func arrive(
        _ work: Work, thread: ThreadID, suspends: Bool = false, isHomeCurrent: Bool?
    ) -> Arrival {
        arrive(work, thread: thread, suspends: suspends) { isHomeCurrent }
    }
}

import Dispatch
import Effects
import ConcurrencyTestSupport
import Testing

/// The gate where `Effect.run`'s `send` waits while a store's queue is full.
@Suite struct SendGateTests {
    @Test("while open, waiting returns at once")
    func openGateLetsThrough() async {
        let gate = SendGate()
        await gate.waitUntilOpen()
        #expect(gate.isOpen)
        #expect(gate.waitingCount == 0)
    }

    @Test("while closed, a task waits; opening resumes it")
    func closedGateHoldsUntilOpened() async {
        let gate = SendGate()
        gate.close()
        let passed = TestAtomic(false)
        let task = Task {
            await gate.waitUntilOpen()
            passed.store(true, ordering: .releasing)
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        let passedEarly = passed.load(ordering: .acquiring)
        #expect(!passedEarly)

        gate.open().resume()
        await task.value

        let passedAfterOpening = passed.load(ordering: .acquiring)
        #expect(passedAfterOpening)
        #expect(gate.waitingCount == 0)
    }

    @Test("a task cancelled while it waits stops waiting and leaves nothing behind")
    func cancelledWaiterLeaves() async {
        let gate = SendGate()
        gate.close()
        let task = Task { await gate.waitUntilOpen() }
        #expect(await yieldUntil { gate.waitingCount == 1 })

        task.cancel()
        await task.value

        #expect(gate.waitingCount == 0)
        #expect(!gate.isOpen)
    }

    @Test("a task cancelled before it waits does not wait")
    func cancelledBeforeWaiting() async {
        let gate = SendGate()
        gate.close()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await gate.waitUntilOpen()
        }
        await task.value
        #expect(gate.waitingCount == 0)
    }

    @Test("Effect.run's send outside a store never waits")
    func sendOutsideAStore() async {
        let values = Lock<[Int]>([])
        let finished = TestAtomic(false)
        let cancellable = Effect<Int>.run { send in
            for value in 1...3 { await send(value) }
        }.sink(
            receiveCompletion: { _ in finished.store(true, ordering: .releasing) },
            receiveValue: { value in values.withLock { $0.append(value) } }
        )
        let isFinished = await yieldUntil { finished.load(ordering: .acquiring) }
        #expect(isFinished)
        #expect(values.withLock { $0 } == [1, 2, 3])
        cancellable.cancel()
    }
}

/// Yields until `condition` holds; false if two minutes pass first (a task that is really stuck).
private func yieldUntil(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(120)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        await Task.yield()
    }
    return true
}

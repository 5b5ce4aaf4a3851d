import Effects
import Testing

/// A scheduler's clock: async code sleeps on the scheduler it is given, real or virtual.
@Suite struct SchedulerClockTests {
    @Test("now reads the scheduler's time; instants add, subtract and compare as durations")
    func instants() {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let start = clock.now
        scheduler.advance(by: .milliseconds(1500))

        #expect(start == SchedulerClock.Instant(offset: .zero))
        #expect(clock.now.offset == .milliseconds(1500))
        #expect(start.duration(to: clock.now) == .milliseconds(1500))
        #expect(start.advanced(by: .milliseconds(1500)) == clock.now)
        #expect(start < clock.now)
        #expect("\(clock.now)" == "1.5 seconds")
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a sleep on a TestScheduler's clock ends exactly at its deadline, not a moment before")
    func sleepEndsAtDeadline() {
        let scheduler = TestScheduler()
        let woke = Lock<[Duration]>([])
        Task(executorPreference: scheduler) {
            try await scheduler.clock.sleep(for: .seconds(1))
            woke.withLock { $0.append(scheduler.now) }
        }
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 1, "the wake-up is scheduled")

        scheduler.advance(by: .milliseconds(999))
        #expect(woke.withLock { $0 } == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(
            woke.withLock { $0 } == [.seconds(1)], "the sleeper has run on before advance returned")
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(
        "on virtual time, waiting for an instant wakes at that instant; a deadline already passed returns without waiting"
    )
    func waitingForAnInstant() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        scheduler.advance(by: .seconds(5))
        Task(executorPreference: scheduler) {
            let virtualClock = scheduler.clock
            try await virtualClock.sleep(until: .init(offset: .seconds(4)))
            log.withLock { $0.append("past deadline at \(virtualClock.now)") }
            try await virtualClock.sleep(until: virtualClock.now)
            log.withLock { $0.append("now at \(virtualClock.now)") }
            try await virtualClock.sleep(until: .init(offset: .seconds(7)))
            log.withLock { $0.append("woke at \(virtualClock.now)") }
        }
        scheduler.runReadyTasks()
        #expect(log.withLock { $0 } == ["past deadline at 5.0 seconds", "now at 5.0 seconds"])
        scheduler.advance(by: .seconds(2))
        #expect(
            log.withLock { $0 } == [
                "past deadline at 5.0 seconds", "now at 5.0 seconds", "woke at 7.0 seconds",
            ])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("sleepers wake in due order, each running on until it waits again before the next wakes")
    func sleepersWakeInDueOrder() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        for (name, delay) in [("c", 3), ("a", 1), ("b", 2), ("a2", 1)] {
            Task(executorPreference: scheduler) { @Sendable in
                try await scheduler.clock.sleep(for: .seconds(delay))
                log.withLock { $0.append("\(name) woke at \(scheduler.now)") }
                // Due before the later sleepers: it runs, inside the same advance, in its turn.
                try await scheduler.clock.sleep(for: .milliseconds(500))
                log.withLock { $0.append("\(name) again at \(scheduler.now)") }
            }
        }
        scheduler.advance(by: .seconds(4))
        #expect(
            log.withLock { $0 } == [
                "a woke at 1.0 seconds", "a2 woke at 1.0 seconds",
                "a again at 1.5 seconds", "a2 again at 1.5 seconds",
                "b woke at 2.0 seconds", "b again at 2.5 seconds",
                "c woke at 3.0 seconds", "c again at 3.5 seconds",
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(
        "cancelling a sleeper ends its sleep at once with CancellationError and removes its wake-up"
    )
    func cancellingASleeper() async {
        let scheduler = TestScheduler()
        let task = Task(executorPreference: scheduler) {
            try await scheduler.clock.sleep(for: .seconds(3600))
        }
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 1)

        task.cancel()
        #expect(
            scheduler.pendingWorkCount == 1, "the wake-up is gone; the woken task is ready to run")
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(scheduler.now == .zero, "no time had to pass")
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a task cancelled before it sleeps throws at once, and schedules nothing")
    func cancelledBeforeSleeping() async {
        let scheduler = TestScheduler()
        let task = Task(executorPreference: scheduler) {
            try await scheduler.clock.sleep(for: .seconds(1))
        }
        task.cancel()
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 0)
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("on an ImmediateScheduler's clock a sleep returns at once")
    func immediateSleep() async throws {
        let clock = ImmediateScheduler().clock
        try await clock.sleep(for: .seconds(3600))
        #expect(clock.now == .init(offset: .zero))
    }

    @Test(
        "on a DispatchQueueScheduler's clock, cancelling an hour-long sleep ends it promptly",
        .timeLimit(.minutes(1)))
    func realSleepCancelled() async {
        let scheduler = DispatchQueueScheduler()
        let (asleep, fellAsleep) = AsyncStream<Void>.makeStream()
        let task = Task {
            fellAsleep.finish()
            try await scheduler.clock.sleep(for: .seconds(3600))
        }
        for await _ in asleep {}
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("a scheduler's clock works wherever a Clock<Duration> is expected")
    func asAnyClock() {
        let scheduler = TestScheduler()
        let log = Lock<[Duration]>([])
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        func waitTwice(on clock: some Clock<Duration>) async throws {
            try await clock.sleep(for: .seconds(1))
            log.withLock { $0.append(scheduler.now) }
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: .zero)
            log.withLock { $0.append(scheduler.now) }
        }
        Task(executorPreference: scheduler) {
            try await waitTwice(on: AnyScheduler(scheduler).clock)
        }
        scheduler.advance(by: .seconds(2))
        #expect(log.withLock { $0 } == [.seconds(1), .seconds(2)])
    }
}

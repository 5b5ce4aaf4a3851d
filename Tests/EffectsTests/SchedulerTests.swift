import Effects
import Testing

/// The protocol's default repeating schedule, on schedulers that implement only one-shot work.
@Suite struct SchedulerTests {
    /// A scheduler written before repeating work existed: it forwards one-shot work only, so it
    /// gets the protocol's default `schedule(after:interval:_:)`.
    private struct OneShotScheduler: Scheduler {
        let base: TestScheduler

        var now: Duration {
            base.now
        }

        func schedule(_ action: @escaping @Sendable () -> Void) {
            base.schedule(action)
        }

        func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
            -> any Cancellable
        {
            base.schedule(after: delay, action)
        }
    }

    /// A scheduler that runs delayed work before returning, as `ImmediateScheduler` does, and
    /// gets the default too.
    private struct SynchronousScheduler: Scheduler {
        var now: Duration {
            .zero
        }

        func schedule(_ action: @escaping @Sendable () -> Void) {
            action()
        }

        func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
            -> any Cancellable
        {
            action()
            return AnyCancellable {}
        }
    }

    @Test(
        "the default repeating schedule runs on the grid delay + k × interval, and stops on cancel")
    func defaultRunsOnGrid() {
        let base = TestScheduler()
        let scheduler = OneShotScheduler(base: base)
        let runs = Lock<[Duration]>([])
        base.advance(by: .milliseconds(300))
        let ticking = scheduler.schedule(after: .seconds(1), interval: .milliseconds(700)) {
            runs.withLock { $0.append(base.now) }
        }
        var expected: [Duration] = []
        for due in [Duration.milliseconds(1_300), .milliseconds(2_000), .milliseconds(2_700)] {
            base.advance(to: due - .nanoseconds(1))
            #expect(runs.withLock { $0 } == expected)
            base.advance(to: due)
            expected.append(due)
            #expect(runs.withLock { $0 } == expected)
        }
        #expect(base.pendingWorkCount == 1)
        ticking.cancel()
        #expect(base.pendingWorkCount == 0)
        base.advance(by: .seconds(5))
        #expect(runs.withLock { $0 } == expected)
    }

    @Test("the default repeating schedule releases its action on cancel, and may cancel itself")
    func defaultReleasesAndSelfCancels() {
        let base = TestScheduler()
        let scheduler = OneShotScheduler(base: base)
        weak var weakWitness: Witness?
        let released: any Cancellable = {
            let witness = Witness()
            weakWitness = witness
            return scheduler.schedule(after: .seconds(1), interval: .seconds(1)) { witness.touch() }
        }()
        base.advance(by: .seconds(2))
        #expect(weakWitness != nil)
        released.cancel()
        #expect(weakWitness == nil)

        let runs = Lock(0)
        let handle = Lock<(any Cancellable)?>(nil)
        let ticking = scheduler.schedule(after: .zero, interval: .seconds(1)) {
            if runs.withLock({ runs in
                runs += 1; return runs
            }) == 2 {
                handle.withLock { $0 }?.cancel()
            }
        }
        handle.withLock { $0 = ticking }
        base.advance(by: .seconds(10))
        #expect(runs.withLock { $0 } == 2)
        #expect(base.pendingWorkCount == 0)
        handle.withLock { $0 = nil }
    }

    @Test("on a scheduler that does not wait, the default runs the work once")
    func defaultOnSynchronousScheduler() {
        let runs = Lock(0)
        let cancellable = SynchronousScheduler().schedule(after: .seconds(1), interval: .seconds(1))
        {
            runs.withLock { $0 += 1 }
        }
        #expect(runs.withLock { $0 } == 1)
        cancellable.cancel()
        #expect(runs.withLock { $0 } == 1)
    }
}

import Effects
import Testing

@Suite struct ImmediateSchedulerTests {
    @Test("runs work before returning, whatever the delay, and its clock stays at zero")
    func runsAtOnce() {
        let scheduler = ImmediateScheduler()
        let log = Lock<[Int]>([])
        scheduler.schedule { log.withLock { $0.append(1) } }
        scheduler.schedule(after: .seconds(60)) { log.withLock { $0.append(2) } }.cancel()
        #expect(log.withLock { $0 } == [1, 2])
        #expect(scheduler.now == .zero)
    }

    @Test("repeating work runs once, at once, as on Combine's ImmediateScheduler")
    func repeatingRunsOnce() {
        let scheduler = ImmediateScheduler()
        let runs = Lock(0)
        let cancellable = scheduler.schedule(after: .seconds(1), interval: .seconds(1)) {
            runs.withLock { $0 += 1 }
        }
        #expect(runs.withLock { $0 } == 1)
        cancellable.cancel()
        cancellable.cancel()
        #expect(runs.withLock { $0 } == 1)
    }
}

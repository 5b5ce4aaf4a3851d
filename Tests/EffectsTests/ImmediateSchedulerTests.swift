import Effects
import Synchronization
import Testing

@Suite struct ImmediateSchedulerTests {
    @Test("runs work before returning, whatever the delay, and its clock stays at zero")
    func runsAtOnce() {
        let scheduler = ImmediateScheduler()
        let log = Mutex<[Int]>([])
        scheduler.schedule { log.withLock { $0.append(1) } }
        scheduler.schedule(after: .seconds(60)) { log.withLock { $0.append(2) } }.cancel()
        #expect(log.withLock { $0 } == [1, 2])
        #expect(scheduler.now == .zero)
    }
}

import Effects
import Testing
@testable import three_ducks

@Suite struct ScaledSchedulerTests {
    @Test("a scaled scheduler divides delays by its speed, and reads game time")
    func scaled() {
        let base = TestScheduler()
        let scheduler = ScaledScheduler(base, speed: 20)
        let ran = Flag()
        scheduler.schedule(after: .seconds(1)) { ran.set() }

        base.advance(by: .milliseconds(49))
        #expect(!ran.isSet)
        base.advance(by: .milliseconds(1))
        #expect(ran.isSet)
        #expect(scheduler.now == .seconds(1))
    }

    @Test("a scaled scheduler divides a repeating schedule's delay and interval by its speed")
    func scaledRepeating() {
        let base = TestScheduler()
        let scheduler = ScaledScheduler(base, speed: 10)
        let runs = ValueLog()
        let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(2)) {
            runs.record(Int(base.now / .milliseconds(1)))
        }
        base.advance(by: .milliseconds(500))
        #expect(runs.values == [100, 300, 500])
        ticking.cancel()
        #expect(base.pendingWorkCount == 0)
    }
}

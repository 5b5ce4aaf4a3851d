import Testing
import Synchronization
@testable import Effects

@Test func smoke() {
    let scheduler = TestScheduler()
    let got = Mutex<[String]>([])
    let effect = Effect.just("a").delay(for: .seconds(1), scheduler: scheduler)
    #expect(effect.description == "Delay(1.0 seconds, Just(a))")
    let c = Effect.merge(effect, .just("b"), Effect([1, 2].publisher.map { "\($0)" }))
        .sink(receiveCompletion: { _ in got.withLock { $0.append("done") } }, receiveValue: { v in got.withLock { $0.append(v) } })
    #expect(got.withLock { $0 } == ["b", "1", "2"])
    scheduler.advance(by: .milliseconds(999))
    #expect(got.withLock { $0 } == ["b", "1", "2"])
    scheduler.advance(by: .milliseconds(1))
    #expect(got.withLock { $0 } == ["b", "1", "2", "a", "done"])
    #expect(scheduler.pendingWorkCount == 0)
    _ = c
}

import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct StoreIdleTimeoutTests {
    @Test("a store with nothing to do is idle at once, long before the time is up")
    func idleAtOnce() async throws {
        let harness = try SessionHarness()
        harness.start()

        #expect(await harness.session.store.idle(timeout: .seconds(3_600)))
    }

    @Test(
        "a store whose mismatch has not turned back is still busy when the time is up; once it has, it is idle"
    )
    func busyUntilTheMismatchTurnsBack() async throws {
        let harness = try SessionHarness()
        harness.start()
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.type("new")
        harness.typeQuickly(coordinate(of: pairs[0].0, in: deck))
        harness.typeQuickly(coordinate(of: pairs[1].0, in: deck))

        // The un-flip waits on the test scheduler, which nothing moves: the time runs out.
        #expect(await harness.session.store.idle(timeout: .zero) == false)
        #expect(harness.scheduler.pendingWorkCount == 1)

        harness.scheduler.run()
        #expect(await harness.session.store.idle(timeout: .seconds(3_600)))
        #expect(harness.state.selectedCards.isEmpty)
    }
}

import TestSupport
import Testing
import ThreeDucks

/// Thousands of seeded random sessions in which anything may arrive at any time: flips of
/// unknown ids, restarts in the middle of a mismatch, and the middlewares' delayed actions
/// (`unFlipSelectedCards`, `clearSelectedCards`, `winGame`) dispatched out of turn, as a late
/// timer, a hand-edited log or a race could deliver them. The game's rules must hold after
/// every step: those `GameReferee` (in TestSupport) checks.
///
/// Beyond `GamePropertyTests` (a player's moves only), this one sends what the game logic
/// normally sends, at the wrong moments.
@Suite struct GameChaosTests {
    @Test(
        "random sessions with out-of-turn actions, unknown ids and restarts keep the rules (3,000 seeds)"
    )
    func chaos() {
        var random = SplitMix64(seed: 0xC4A0_5000)
        var steps = 0
        var outOfTurn = 0
        for _ in 0..<3_000 {
            var session = GameSession(seed: random.next())
            for _ in 0..<Int.random(in: 10...80, using: &random) {
                outOfTurn += step(&session, using: &random) ? 1 : 0
                steps += 1
                if let broken = session.brokenRule() {
                    Issue.record("\(broken), after \(steps) steps: \(session.store.state)")
                    return
                }
            }
            session.scheduler.advance(by: .seconds(3))
            if let broken = session.brokenRule() {
                Issue.record("\(broken), once the timers ran: \(session.store.state)")
                return
            }
            session.store.dispatch(.endGame)
            #expect(session.scheduler.pendingWorkCount == 0)
            #expect(session.store.runningEffectCount == 0)
        }
        #expect(steps > 100_000)
        #expect(outOfTurn > 10_000)
    }

    /// One random event, with the referee told of it; returns whether it was an action out of
    /// turn.
    private func step(_ session: inout GameSession, using random: inout SplitMix64) -> Bool {
        let before = session.store.state
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45:
            // Mostly cards of the deck, sometimes ids that are not.
            let id =
                Int.random(in: 0..<10, using: &random) == 0
                ? [-1, before.cards.count, Int.max, Int.min, 1_000].randomElement(using: &random)!
                : Int.random(in: 0..<max(before.cards.count, 1), using: &random)
            session.referee.countFlip(of: id, in: before)
            session.store.dispatch(.flipCard(id))
        case 45..<65:
            session.scheduler.advance(by: .milliseconds(Int.random(in: 0...1_200, using: &random)))
        case 65..<72:
            session.store.dispatch(.unFlipSelectedCards)
            return true
        case 72..<79:
            session.store.dispatch(.clearSelectedCards)
            return true
        case 79..<84:
            session.store.dispatch(.winGame)
            return true
        case 84..<92:
            // A restart, often with a mismatch pending.
            session.store.dispatch(.startGame)
            session.referee.startOver()
        case 92..<95:
            session.store.dispatch(.endGame)
            session.referee.startOver()
        default:
            session.store.dispatch(
                .setDifficulty(Difficulty.allCases.randomElement(using: &random)!))
        }
        return false
    }
}

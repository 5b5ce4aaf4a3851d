import TestSupport
import Testing
import ThreeDucks

/// Thousands of random sessions, from a seed, against the game's invariants.
///
/// Each session is a store with the game logic and the sound cues on a test scheduler, driven
/// by a random mix of what a player can do: flips of valid and invalid ids, new games, giving
/// up, difficulty changes, and random waits. After every step the state must keep the rules
/// that `GameReferee` (in TestSupport) checks.
@Suite struct GamePropertyTests {
    @Test("random sessions keep the invariants")
    func invariants() {
        var random = SplitMix64(seed: 20_261_122)
        var steps = 0
        for _ in 0..<2_000 {
            var session = GameSession(seed: random.next())
            for _ in 0..<Int.random(in: 20...120, using: &random) {
                step(&session, using: &random)
                steps += 1
                if let broken = session.brokenRule() {
                    Issue.record("\(broken), after \(steps) steps: \(session.store.state)")
                    return
                }
            }
            // Let everything pending run, then give up: nothing may be left running.
            session.scheduler.advance(by: .seconds(2))
            #expect(
                !(session.store.state.screen == .started && session.store.state.isEveryCardFaceUp))
            session.store.dispatch(.endGame)
            #expect(session.scheduler.pendingWorkCount == 0)
            #expect(session.store.runningEffectCount == 0)
        }
        #expect(steps > 100_000)
    }

    /// One random player action, with the referee told of it.
    private func step(_ session: inout GameSession, using random: inout SplitMix64) {
        let before = session.store.state
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<60:
            let id = Int.random(in: -2...(before.cards.count + 2), using: &random)
            let quacks = session.player.played.count(where: { $0 == .quack })
            let accepted = session.referee.countFlip(of: id, in: before)
            session.store.dispatch(.flipCard(id))
            if accepted {
                let quacked = session.player.played.count(where: { $0 == .quack }) - quacks
                #expect(quacked == (before.card(withID: id)?.animal == .ducks ? 1 : 0))
            }
        case 60..<88:
            session.scheduler.advance(by: .milliseconds(Int.random(in: 0...1_500, using: &random)))
        case 88..<93:
            session.store.dispatch(.startGame)
            session.referee.startOver()
        case 93..<96:
            session.store.dispatch(.endGame)
            session.referee.startOver()
        default:
            session.store.dispatch(
                .setDifficulty(Difficulty.allCases.randomElement(using: &random)!))
        }
    }
}

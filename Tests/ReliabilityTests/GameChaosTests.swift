import Effects
import Redux
import Testing
import ThreeDucks

/// Thousands of seeded random sessions in which anything may arrive at any time: flips of
/// unknown ids, restarts in the middle of a mismatch, and the middlewares' delayed actions
/// (`unFlipSelectedCards`, `clearSelectedCards`, `winGame`) dispatched out of turn, as a late
/// timer, a hand-edited log or a race could deliver them. The game's rules must hold after
/// every step.
///
/// Beyond `GamePropertyTests` (a player's moves only), this one sends what the game logic
/// normally sends, at the wrong moments.
@Suite struct GameChaosTests {
    private struct Session {
        let scheduler = TestScheduler()
        let store: Store<ThreeDucksState, ThreeDucksAction>
        /// Flips the reducer accepted since the last deal: what `moves` must equal.
        var acceptedFlips = 0
        /// Cards of pairs that were matched and cleared since the last deal.
        var matched: Set<Card.ID> = []

        init(seed: UInt64) {
            store = Store(
                initial: ThreeDucksState(),
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    gameLogic(random: SplitMix64(seed: seed), scheduler: scheduler),
                    soundCues(player: SilentSoundPlayer()),
                ]
            )
        }
    }

    @Test("random sessions with out-of-turn actions, unknown ids and restarts keep the rules (3,000 seeds)")
    func chaos() {
        var random = SplitMix64(seed: 0xC4A0_5000)
        var steps = 0
        var outOfTurn = 0
        for _ in 0..<3_000 {
            var session = Session(seed: random.next())
            for _ in 0..<Int.random(in: 10...80, using: &random) {
                outOfTurn += step(&session, using: &random) ? 1 : 0
                steps += 1
                if let broken = brokenRule(&session) {
                    Issue.record("\(broken), after \(steps) steps: \(session.store.state)")
                    return
                }
            }
            session.scheduler.advance(by: .seconds(3))
            if let broken = brokenRule(&session) {
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

    /// One random event; returns whether it was an action out of turn.
    private func step(_ session: inout Session, using random: inout SplitMix64) -> Bool {
        let before = session.store.state
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45:
            // Mostly cards of the deck, sometimes ids that are not.
            let id = Int.random(in: 0..<10, using: &random) == 0
                ? [-1, before.cards.count, Int.max, Int.min, 1_000].randomElement(using: &random)!
                : Int.random(in: 0..<max(before.cards.count, 1), using: &random)
            let accepted = before.screen == .started && before.selectedCards.count < 2
                && before.card(withID: id).map { !$0.isFlipped } == true
            session.store.dispatch(.flipCard(id))
            if accepted { session.acceptedFlips += 1 }
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
            session.acceptedFlips = 0
            session.matched = []
        case 92..<95:
            session.store.dispatch(.endGame)
            session.acceptedFlips = 0
            session.matched = []
        default:
            session.store.dispatch(.setDifficulty(Difficulty.allCases.randomElement(using: &random)!))
        }
        return false
    }

    /// The first rule the state breaks, or nil.
    private func brokenRule(_ session: inout Session) -> String? {
        let state = session.store.state
        let selected = Set(state.selectedCards)
        if state.selectedCards.count > 2 || selected.count != state.selectedCards.count {
            return "more than two, or repeated, selected cards"
        }
        if !state.selectedCards.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) {
            return "a selected card is face down"
        }
        if state.moves != session.acceptedFlips {
            return "moves \(state.moves) are not the \(session.acceptedFlips) flips accepted"
        }
        if !session.matched.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) {
            return "a matched card turned face down"
        }
        if state.screen == .won, !state.isEveryCardFaceUp {
            return "won with a card face down"
        }
        if state.screen != .started, state.screen != .won, !state.cards.isEmpty {
            return "cards outside a game"
        }
        // Every face-up card outside the selection has its partner face up beside it: the game
        // can still be won.
        let settled = state.cards.filter { $0.isFlipped && !selected.contains($0.id) }
        for (animal, cards) in Dictionary(grouping: settled, by: \.animal) where cards.count != 2 {
            return "a face-up \(animal) without its partner: the game can no longer be won"
        }
        session.matched.formUnion(settled.map(\.id))
        return nil
    }
}

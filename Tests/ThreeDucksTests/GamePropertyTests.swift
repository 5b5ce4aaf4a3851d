import Effects
import Redux
import Testing
import ThreeDucks

/// Thousands of random sessions, from a seed, against the game's invariants.
///
/// Each session is a store with the game logic and the sound cues on a test scheduler, driven
/// by a random mix of what a player can do: flips of valid and invalid ids, new games, giving
/// up, difficulty changes, and random waits. After every step the state must keep the rules.
@Suite struct GamePropertyTests {
    private struct Session {
        let scheduler = TestScheduler()
        let player = RecordingSoundPlayer()
        let store: Store<ThreeDucksState, ThreeDucksAction>

        /// The flips the rules accepted since the last deal: what `moves` must equal.
        var acceptedFlips = 0
        /// Cards known to be matched (face up and not selected) since the last deal.
        var matched: Set<Card.ID> = []

        init(seed: UInt64) {
            store = Store(
                initial: ThreeDucksState(),
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    gameLogic(random: SplitMix64(seed: seed), scheduler: scheduler),
                    soundCues(player: player),
                ]
            )
        }
    }

    @Test("random sessions keep the invariants")
    func invariants() {
        var random = SplitMix64(seed: 20_261_122)
        var steps = 0
        for _ in 0..<2_000 {
            var session = Session(seed: random.next())
            for _ in 0..<Int.random(in: 20...120, using: &random) {
                step(&session, using: &random)
                steps += 1
                if !check(&session) { return }
            }
            // Let everything pending run, then give up: nothing may be left running.
            session.scheduler.advance(by: .seconds(2))
            #expect(!(session.store.state.screen == .started && session.store.state.isEveryCardFaceUp))
            session.store.dispatch(.endGame)
            #expect(session.scheduler.pendingWorkCount == 0)
            #expect(session.store.runningEffectCount == 0)
        }
        #expect(steps > 100_000)
    }

    /// One random player action, with the oracle's bookkeeping.
    private func step(_ session: inout Session, using random: inout SplitMix64) {
        let before = session.store.state
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<60:
            let id = Int.random(in: -2...(before.cards.count + 2), using: &random)
            let accepted = before.screen == .started && before.selectedCards.count < 2
                && before.card(withID: id).map { !$0.isFlipped } == true
            let quacks = session.player.played.count(where: { $0 == .quack })
            session.store.dispatch(.flipCard(id))
            if accepted {
                session.acceptedFlips += 1
                let quacked = session.player.played.count(where: { $0 == .quack }) - quacks
                #expect(quacked == (before.card(withID: id)?.animal == .ducks ? 1 : 0))
            }
        case 60..<88:
            session.scheduler.advance(by: .milliseconds(Int.random(in: 0...1_500, using: &random)))
        case 88..<93:
            session.store.dispatch(.startGame)
            session.acceptedFlips = 0
            session.matched = []
        case 93..<96:
            session.store.dispatch(.endGame)
            session.acceptedFlips = 0
            session.matched = []
        default:
            session.store.dispatch(.setDifficulty(Difficulty.allCases.randomElement(using: &random)!))
        }
    }

    /// Checks the invariants; false (with an issue recorded) at the first broken one.
    private func check(_ session: inout Session) -> Bool {
        let state = session.store.state
        let selected = Set(state.selectedCards)

        guard state.selectedCards.count <= 2, selected.count == state.selectedCards.count else {
            Issue.record("more than two, or repeated, selected cards: \(state.selectedCards)")
            return false
        }
        guard state.selectedCards.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) else {
            Issue.record("a selected card is face down: \(state)")
            return false
        }
        guard state.moves == session.acceptedFlips else {
            Issue.record("moves \(state.moves) ≠ accepted flips \(session.acceptedFlips)")
            return false
        }
        guard session.matched.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) else {
            Issue.record("a matched card turned face down: \(state)")
            return false
        }
        let faceUpUnselected = state.cards.filter { $0.isFlipped && !selected.contains($0.id) }
        session.matched.formUnion(faceUpUnselected.map(\.id))
        let animals = Dictionary(grouping: faceUpUnselected, by: \.animal)
        guard animals.values.allSatisfy({ $0.count == 2 }) else {
            Issue.record("face-up cards that are not matched pairs: \(state)")
            return false
        }
        guard state.screen != .won || state.isEveryCardFaceUp else {
            Issue.record("won with a card face down: \(state)")
            return false
        }
        guard state.screen != .started || state.cards.count == state.difficulty.cardCount else {
            Issue.record("a game with \(state.cards.count) cards at \(state.difficulty)")
            return false
        }
        return true
    }
}

// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Redux
import TestSupport
import Testing
import ThreeDucks

// A remembering middleware (once the README's), compiled and run on the game: it quacks only
// for a flip the reducer accepted.

/// Quacks when a flip that the reducer accepted turns a ducks card face up.
func quacking(player: some SoundPlayer) -> AnyMiddleware<ThreeDucksState, ThreeDucksAction> {
    AnyMiddleware(remembering: \.moves) { state, movesBefore, action in
        guard case .flipCard(let id) = action, state.moves != movesBefore else { return .none }   // refused
        if state.card(withID: id)?.animal == .ducks {
            player.play(.quack)
        }
        return .none
    }
}

@Suite struct ReadmeRememberingExampleTests {
    @Test("a flip that turns a ducks card face up quacks; flipping it again is refused, and silent")
    func quacksOnlyForAcceptedFlips() {
        let deck = seededDeck(.easy, seed: 1)
        let (ducks, _) = cards(of: .ducks, in: deck)
        let other = deck.first { $0.animal != .ducks }!.id
        let player = RecordingSoundPlayer()
        let store = Store(
            initial: ThreeDucksState(screen: .started, difficulty: .easy, cards: deck),
            mutatingReducer: threeDucksReducer,
            middlewares: [quacking(player: player)]
        )

        store.dispatch(.flipCard(ducks))
        #expect(player.played == [.quack])

        // After the refused flip the state still shows the ducks card face up: only the moves,
        // remembered from before, tell that the reducer refused it.
        store.dispatch(.flipCard(ducks))
        #expect(store.state.card(withID: ducks)?.isFlipped == true)
        #expect(store.state.moves == 1)
        store.dispatch(.flipCard(other))

        #expect(player.played == [.quack])
        #expect(store.state.moves == 2)
    }
}

import Effects
import TestSupport
import Testing
import ThreeDucks

@Suite struct AutoplayerTests {
    @Test(
        "it wins every seeded game through a store, each outcome told ahead being what the store then did",
        arguments: Difficulty.allCases)
    func winsThroughAStore(_ difficulty: Difficulty) {
        for seed in UInt64(0)..<10 {
            let game = GameSession(seed: seed)
            game.store.dispatch(.setDifficulty(difficulty))
            game.store.dispatch(.startGame)
            var autoplayer = Autoplayer()
            var moves = 0

            while let move = autoplayer.nextMove(in: game.store.state) {
                let before = game.store.state
                game.store.dispatch(.flipCard(move.card))
                autoplayer.look(at: game.store.state)
                game.scheduler.run()
                let after = game.store.state
                moves += 1

                #expect(after.moves == before.moves + 1, "every move is a flip the rules accept")
                switch move.outcome {
                case .first:
                    #expect(after.selectedCards == [move.card])
                case .pair:
                    #expect(after.cards[move.index].isFlipped && after.selectedCards.isEmpty)
                case .mismatch:
                    #expect(!after.cards[move.index].isFlipped && after.selectedCards.isEmpty)
                }
            }

            let final = game.store.state
            #expect(final.screen == .won)
            #expect(moves == final.moves && autoplayer.flips == final.moves)
            #expect(moves >= difficulty.cardCount && moves < 2 * difficulty.cardCount)
            #expect(game.scheduler.pendingWorkCount == 0)
        }
    }

    @Test("it asks for no move where no game is being played, or while a pair shows")
    func noMove() {
        var autoplayer = Autoplayer()
        #expect(autoplayer.nextMove(in: ThreeDucksState()) == nil)

        var state = ThreeDucksState(
            screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 1))
        let (first, second) = mismatch(in: state.cards)
        state.reduce(.flipCard(first))
        state.reduce(.flipCard(second))
        #expect(autoplayer.nextMove(in: state) == nil)

        state.screen = .won
        #expect(autoplayer.nextMove(in: state) == nil)
    }

    @Test("in a game whose store takes no flip, it stops after three flips a card")
    func cap() {
        let state = ThreeDucksState(
            screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 1))
        var autoplayer = Autoplayer()
        var moves: [Autoplayer.Move] = []

        while let move = autoplayer.nextMove(in: state) {
            moves.append(move)
        }

        #expect(moves.count == 8 * Autoplayer.flipsPerCard)
        #expect(Set(moves) == [Autoplayer.Move(card: 0, index: 0, outcome: .first)])
        #expect(autoplayer.flips == moves.count)
    }
}

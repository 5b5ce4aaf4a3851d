import Effects
import Redux
import ReduxTesting
import Testing
import ThreeDucks

/// A test store for the game, with the game-logic middleware on a seeded generator and on the
/// store's test scheduler, plus any other middlewares.
func makeGameStore(
    _ initial: ThreeDucksState = ThreeDucksState(difficulty: .easy),
    seed: UInt64 = 1,
    middlewares: (TestScheduler) -> [AnyMiddleware<ThreeDucksState, ThreeDucksAction>] = { _ in []
    },
    sourceLocation: SourceLocation = #_sourceLocation
) -> TestStore<ThreeDucksState, ThreeDucksAction> {
    let scheduler = TestScheduler()
    return TestStore(
        initial: initial,
        mutatingReducer: threeDucksReducer,
        scheduler: scheduler,
        middlewares: [gameLogic(random: SplitMix64(seed: seed), scheduler: scheduler)]
            + middlewares(scheduler),
        sourceLocation: sourceLocation
    )
}

extension TestStore where State == ThreeDucksState, Action == ThreeDucksAction {
    /// Starts a game and receives its deal.
    func start(expecting deck: [Card], sourceLocation: SourceLocation = #_sourceLocation) {
        send(.startGame, sourceLocation: sourceLocation) {
            $0.screen = .started
            $0.cards = []
            $0.selectedCards = []
            $0.moves = 0
            $0.isNewRecord = false
        }
        receive(.dealt(deck), sourceLocation: sourceLocation) {
            $0.cards = deck
        }
    }

    /// Flips a card that the rules let turn: face up, selected, one more move.
    func flip(_ id: Card.ID, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.flipCard(id), sourceLocation: sourceLocation) {
            $0.cards[id].isFlipped = true
            $0.selectedCards.append(id)
            $0.moves += 1
        }
    }

    /// Flips a matching pair and receives the immediate clear.
    func match(_ pair: (Card.ID, Card.ID), sourceLocation: SourceLocation = #_sourceLocation) {
        flip(pair.0, sourceLocation: sourceLocation)
        flip(pair.1, sourceLocation: sourceLocation)
        receive(.clearSelectedCards, sourceLocation: sourceLocation) {
            $0.selectedCards = []
        }
    }
}

import TestSupport
import Testing
import ThreeDucks

@Suite struct ThreeDucksReducerTests {
    /// A game in progress on the easy deck for seed 1, nothing flipped yet.
    private func playing() -> ThreeDucksState {
        ThreeDucksState(screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 1))
    }

    private func reduced(_ state: ThreeDucksState, _ actions: ThreeDucksAction...)
        -> ThreeDucksState
    {
        var state = state
        for action in actions {
            threeDucksReducer(&state, action)
        }
        return state
    }

    @Test("startGame shows the game screen and resets the moves, the selection and the record flag")
    func startGame() {
        var state = playing()
        state.moves = 3
        state.selectedCards = [0]
        state.isNewRecord = true
        state.screen = .won
        var expected = state
        expected.screen = .started
        expected.cards = []
        expected.selectedCards = []
        expected.moves = 0
        expected.isNewRecord = false
        #expect(reduced(state, .startGame) == expected)
    }

    @Test("dealt lays out the deck during a game, and is ignored elsewhere")
    func dealt() {
        let deck = seededDeck(.easy, seed: 3)
        var started = ThreeDucksState(screen: .started)
        #expect(reduced(started, .dealt(deck)).cards == deck)
        started.screen = .title
        #expect(reduced(started, .dealt(deck)) == started)
    }

    @Test("flipCard turns the card face up, selects it and counts a move")
    func flipCard() {
        var expected = playing()
        expected.cards[2].isFlipped = true
        expected.selectedCards = [2]
        expected.moves = 1
        #expect(reduced(playing(), .flipCard(2)) == expected)
    }

    @Test("a flip changes nothing when two cards are already selected")
    func flipWithTwoSelected() {
        let state = reduced(playing(), .flipCard(0), .flipCard(1))
        #expect(reduced(state, .flipCard(2)) == state)
    }

    @Test("a flip changes nothing when the card is already selected or face up")
    func flipFaceUpCard() {
        let one = reduced(playing(), .flipCard(0))
        #expect(reduced(one, .flipCard(0)) == one)
        let (first, second) = pairs(in: playing().cards)[0]
        let matched = reduced(playing(), .flipCard(first), .flipCard(second), .clearSelectedCards)
        #expect(reduced(matched, .flipCard(second)) == matched)
    }

    @Test(
        "a flip changes nothing when the id is unknown",
        arguments: [-1, 8, 1_000, Int.min, Int.max])
    func flipUnknownCard(_ id: Int) {
        #expect(reduced(playing(), .flipCard(id)) == playing())
    }

    @Test("a flip changes nothing when no game is being played", arguments: [Screen.title, .won])
    func flipOutsideAGame(_ screen: Screen) {
        var state = playing()
        state.screen = screen
        #expect(reduced(state, .flipCard(0)) == state)
    }

    @Test("cards are found by id even when ids are not positions")
    func flipByIDNotPosition() {
        var state = ThreeDucksState(
            screen: .started,
            cards: [Card(id: 10, animal: .bat), Card(id: 3, animal: .bat)]
        )
        threeDucksReducer(&state, .flipCard(3))
        #expect(state.cards[1].isFlipped)
        #expect(state.selectedCards == [3])
    }

    @Test("unFlipSelectedCards turns the selected cards face down and clears the selection")
    func unFlip() {
        let state = reduced(playing(), .flipCard(0), .flipCard(1), .unFlipSelectedCards)
        var expected = playing()
        expected.moves = 2
        #expect(state == expected)
    }

    @Test("clearSelectedCards clears the selection and leaves the cards face up")
    func clear() {
        let (first, second) = pairs(in: playing().cards)[0]
        let state = reduced(playing(), .flipCard(first), .flipCard(second), .clearSelectedCards)
        #expect(state.selectedCards.isEmpty)
        #expect(state.cards[first].isFlipped && state.cards[second].isFlipped)
        #expect(state.moves == 2)
    }

    @Test("clearSelectedCards out of turn (one card, or a mismatch) changes nothing")
    func clearOutOfTurn() {
        let one = reduced(playing(), .flipCard(0))
        #expect(reduced(one, .clearSelectedCards) == one)
        let (first, second) = mismatch(in: playing().cards)
        let mismatched = reduced(playing(), .flipCard(first), .flipCard(second))
        #expect(reduced(mismatched, .clearSelectedCards) == mismatched)
    }

    @Test("unFlipSelectedCards out of turn (one card, or a match) changes nothing")
    func unFlipOutOfTurn() {
        let one = reduced(playing(), .flipCard(0))
        #expect(reduced(one, .unFlipSelectedCards) == one)
        let (first, second) = pairs(in: playing().cards)[0]
        let matching = reduced(playing(), .flipCard(first), .flipCard(second))
        #expect(reduced(matching, .unFlipSelectedCards) == matching)
    }

    @Test("winGame shows the won screen when every card is face up")
    func winGame() {
        var state = playing()
        state.cards = faceUp(state.cards)
        #expect(reduced(state, .winGame).screen == .won)
    }

    @Test("winGame is ignored while a card is face down, or outside a game")
    func winGameTooEarly() {
        #expect(reduced(playing(), .winGame) == playing())
        #expect(reduced(ThreeDucksState(), .winGame) == ThreeDucksState())
    }

    @Test("endGame returns to the title screen and clears the game")
    func endGame() {
        var state = reduced(playing(), .flipCard(0))
        state.isNewRecord = true
        let ended = reduced(state, .endGame)
        #expect(ended == ThreeDucksState(screen: .title, difficulty: .easy))
    }

    @Test("the difficulty changes on the title screen only")
    func setDifficulty() {
        #expect(reduced(ThreeDucksState(), .setDifficulty(.hard)).difficulty == .hard)
        #expect(reduced(playing(), .setDifficulty(.hard)) == playing())
    }

    @Test("moves change only on a flip, a start, a deal or an end (the middlewares rely on it)")
    func movesChangeOnlyThere() {
        var state = reduced(playing(), .flipCard(0), .flipCard(1))
        state.cards = faceUp(state.cards)
        let others: [ThreeDucksAction] = [
            .clearSelectedCards, .unFlipSelectedCards, .winGame, .setDifficulty(.hard),
            .loadHighScores,
            .highScoresLoaded([:]), .highScoresFailedToLoad("x"), .highScoresSaved,
            .highScoresFailedToSave("x"),
            .newHighScore(difficulty: .easy, score: HighScore(moves: 2, date: fixedDate)),
        ]
        for action in others {
            #expect(reduced(state, action).moves == state.moves, "\(action)")
        }
    }

    @Test("loaded high scores are kept level by level where they are better")
    func highScoresLoaded() {
        var state = ThreeDucksState()
        state.highScores = [
            .easy: HighScore(moves: 10, date: fixedDate),
            .hard: HighScore(moves: 30, date: fixedDate),
        ]
        let loaded: [Difficulty: HighScore] = [
            .easy: HighScore(moves: 12, date: fixedDate),
            .normal: HighScore(moves: 14, date: fixedDate),
            .hard: HighScore(moves: 28, date: fixedDate),
        ]
        #expect(
            reduced(state, .highScoresLoaded(loaded)).highScores == [
                .easy: HighScore(moves: 10, date: fixedDate),
                .normal: HighScore(moves: 14, date: fixedDate),
                .hard: HighScore(moves: 28, date: fixedDate),
            ])
    }

    @Test("a new high score is recorded and flagged when it is better, ignored otherwise")
    func newHighScore() {
        let best = HighScore(moves: 10, date: fixedDate)
        let state = ThreeDucksState(screen: .won, highScores: [.easy: best])
        let better = HighScore(moves: 9, date: fixedDate.addingTimeInterval(60))
        let worse = HighScore(moves: 10, date: fixedDate.addingTimeInterval(60))

        let recorded = reduced(state, .newHighScore(difficulty: .easy, score: better))
        #expect(recorded.highScores[.easy] == better)
        #expect(recorded.isNewRecord)
        #expect(reduced(state, .newHighScore(difficulty: .easy, score: worse)) == state)
    }

    @Test("a file error is shown until the scores are saved")
    func highScoreErrors() {
        let failed = reduced(ThreeDucksState(), .highScoresFailedToLoad("could not read"))
        #expect(failed.highScoreError == "could not read")
        #expect(
            reduced(failed, .highScoresFailedToSave("could not save")).highScoreError
                == "could not save")
        #expect(reduced(failed, .highScoresSaved).highScoreError == nil)
    }
}

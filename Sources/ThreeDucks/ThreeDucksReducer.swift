import Redux

/// The game's rules: the next state for an action, changed in place.
///
/// It is pure (no randomness, no clock, no I/O); whatever needs those comes in an action from
/// a middleware. Pass it to a store with `Store(initial:mutatingReducer:…)`. What each action
/// does is described at ``ThreeDucksState/reduce(_:)``.
///
/// ```swift
/// let store = Store(
///     initial: ThreeDucksState(),
///     mutatingReducer: threeDucksReducer,
///     middlewares: [gameLogic(random: SystemRandomNumberGenerator(), scheduler: scheduler)]
/// )
/// ```
public let threeDucksReducer: MutatingReducer<ThreeDucksState, ThreeDucksAction> = {
    state, action in
    state.reduce(action)
}

extension ThreeDucksState {
    /// Applies `action` to this state: the body of ``threeDucksReducer``.
    ///
    /// - `setDifficulty`: changes the level, on the title screen only.
    /// - `startGame`: shows the game screen with no cards yet, no selection, no moves, from any
    ///   screen (a restart too). The deck arrives with `dealt`.
    /// - `dealt`: lays out the deck, during a game only.
    /// - `flipCard(id)`: turns the card face up, selects it and counts a move, unless no game
    ///   is showing, two cards are already selected, the card is face up (or selected) or the
    ///   id is unknown; then nothing changes. ``flipRefusal(for:)`` says which, ahead of time.
    /// - `clearSelectedCards`: a match; the cards stay face up, the selection is cleared.
    /// - `unFlipSelectedCards`: a mismatch; the selected cards turn face down, the selection
    ///   is cleared.
    ///
    ///   Both apply only to what they are about, two selected cards that match, or two that
    ///   do not: one that arrives out of turn (a timer from a game given up, a line of a log
    ///   edited by hand) changes nothing, so it can neither hide a matched pair nor leave a
    ///   card face up without its partner, which would make the game impossible to win.
    /// - `winGame`: shows the won screen, if every card is face up in a game being played.
    /// - `endGame`: back to the title screen; the game is cleared.
    /// - `highScoresLoaded`: keeps, level by level, the better of the loaded and the known
    ///   score.
    /// - `newHighScore`: records the score if it beats the known one, and flags a new record.
    /// - `highScoresFailedToLoad`, `highScoresFailedToSave`: show the message;
    ///   `highScoresSaved` clears it (the file is good again).
    ///
    /// - Parameter action: The action to apply.
    /// - Complexity: O(1) for a flip on a dealt deck; O(*n*) for a deal or a win.
    public mutating func reduce(_ action: ThreeDucksAction) {
        switch action {
        case .flipCard(let id):
            guard case .accepted(let index) = flipCheck(id) else { return }
            cards[index].isFlipped = true
            selectedCards.append(id)
            moves += 1

        case .unFlipSelectedCards:
            guard selectionMatches == false else { return }
            for id in selectedCards {
                if let index = index(ofCard: id) {
                    cards[index].isFlipped = false
                }
            }
            selectedCards.removeAll(keepingCapacity: true)

        case .clearSelectedCards:
            guard selectionMatches == true else { return }
            selectedCards.removeAll(keepingCapacity: true)

        case .setDifficulty(let difficulty):
            guard screen == .title else { return }
            self.difficulty = difficulty

        case .startGame:
            screen = .started
            cards = []
            selectedCards.removeAll(keepingCapacity: true)
            moves = 0
            isNewRecord = false

        case .dealt(let deck):
            guard screen == .started else { return }
            cards = deck
            selectedCards.removeAll(keepingCapacity: true)
            moves = 0

        case .winGame:
            guard screen == .started, isEveryCardFaceUp else { return }
            screen = .won
            selectedCards.removeAll(keepingCapacity: true)

        case .endGame:
            screen = .title
            cards = []
            selectedCards.removeAll(keepingCapacity: true)
            moves = 0
            isNewRecord = false

        case .loadHighScores:
            break

        case .highScoresLoaded(let loaded):
            for (difficulty, score) in loaded where score.isBetter(than: highScores[difficulty]) {
                highScores[difficulty] = score
            }

        case .highScoresFailedToLoad(let message), .highScoresFailedToSave(let message):
            highScoreError = message

        case .newHighScore(let difficulty, let score):
            guard score.isBetter(than: highScores[difficulty]) else { return }
            highScores[difficulty] = score
            isNewRecord = true

        case .highScoresSaved:
            highScoreError = nil
        }
    }
}

extension ThreeDucksState {
    /// Whether the two selected cards show the same animal; nil unless two cards are selected.
    ///
    /// The one answer to "is this pair a match": the reducer, the game logic, the sound cues and
    /// the screens all ask it.
    ///
    /// - Complexity: O(1) for dealt decks.
    public var selectionMatches: Bool? {
        guard selectedCards.count == 2,
            let first = card(withID: selectedCards[0]),
            let second = card(withID: selectedCards[1])
        else { return nil }
        return first.animal == second.animal
    }

    /// Why flipping the card with `id` would change nothing, or nil when the reducer would turn
    /// it face up.
    ///
    /// The checks come in the order a player reads them: no game, a won game, no such card, a
    /// card already face up, a pair still showing. `flipCard` applies exactly these rules, so
    /// a nil answer means the next `flipCard(id)` counts a move (if nothing else comes first).
    ///
    /// ```swift
    /// if state.flipRefusal(for: id) == .pairShowing { return }   // wait for the pair to turn back
    /// ```
    ///
    /// - Parameter id: The card's id; nil for a place where no card lies (a coordinate off the
    ///   grid), which is ``FlipRefusal/noSuchCard`` once a game is showing.
    /// - Returns: The reason, or nil.
    /// - Complexity: O(1) for dealt decks.
    public func flipRefusal(for id: Card.ID?) -> FlipRefusal? {
        switch flipCheck(id) {
        case .accepted: nil
        case .refused(let refusal): refusal
        }
    }

    /// What flipping the card with `id` leads to, or nil when the rules refuse the flip
    /// (``flipRefusal(for:)`` says why).
    ///
    /// The first card of a turn is ``FlipOutcome/first``; the second makes a
    /// ``FlipOutcome/pair`` when it shows the first one's animal, a ``FlipOutcome/mismatch``
    /// otherwise: what ``selectionMatches`` will say once it is flipped, and what the game logic
    /// answers.
    ///
    /// ```swift
    /// let outcome = state.outcome(ofFlipping: id)   // asked before the flip
    /// store.dispatch(.flipCard(id))
    /// ```
    ///
    /// - Parameter id: The card's id.
    /// - Returns: The outcome, or nil.
    /// - Complexity: O(1) for dealt decks.
    public func outcome(ofFlipping id: Card.ID) -> FlipOutcome? {
        guard case .accepted(let index) = flipCheck(id) else { return nil }
        guard let firstID = selectedCards.first, let first = card(withID: firstID) else {
            return .first
        }
        return first.animal == cards[index].animal ? .pair : .mismatch
    }

    /// What the rules say about flipping `id`: the card's index when it may be flipped.
    @inline(__always)
    func flipCheck(_ id: Card.ID?) -> FlipCheck {
        switch screen {
        case .title: return .refused(.noGame)
        case .won: return .refused(.gameWon)
        case .started: break
        }
        guard let id, let index = index(ofCard: id) else { return .refused(.noSuchCard) }
        guard !cards[index].isFlipped else { return .refused(.alreadyFaceUp) }
        guard selectedCards.count < 2 else { return .refused(.pairShowing) }
        return .accepted(index: index)
    }

    /// The answer of ``flipCheck(_:)``.
    enum FlipCheck {
        /// The card at `index` of the cards may be flipped.
        case accepted(index: Int)
        /// It may not.
        case refused(FlipRefusal)
    }
}

/// A flip asked for while a mismatched pair still shows, kept until the pair has turned back and
/// then handed back to be played: a player who taps during the mismatch's second plays on
/// without asking again.
///
/// The rules refuse every flip while two cards show (``FlipRefusal/pairShowing``). A front end
/// that would rather not lose the tap asks the queue instead: ``ask(toFlip:in:)`` answers
/// ``Answer/flipNow`` when the rules allow the flip, keeps the card when a mismatch stands in its
/// way (a card of that very pair too: it turns back with it, then over again), and passes any
/// other refusal on. After each new state, ``release(in:)`` hands the card back once the pair
/// has turned back, to be flipped if the rules allow it then.
///
/// ```swift
/// var flips = FlipQueue()
/// if flips.ask(toFlip: id, in: store.state) == .flipNow { store.dispatch(.flipCard(id)) }
/// // …and whenever the state changes:
/// if case .flip(let id)? = flips.release(in: store.state) { store.dispatch(.flipCard(id)) }
/// ```
///
/// It holds one card at most: a newer flip asked for replaces the one waiting, and one the rules
/// allow at once empties it. A refused flip leaves the waiting card where it is. No card waits
/// while no game is being played: ``release(in:)`` drops it when the game's screen is gone. A
/// new game deals the same ids, so a front end that starts one (or gives up) calls
/// ``cancel()`` as it does.
public struct FlipQueue: Equatable, Sendable {
    /// What becomes of a flip asked for.
    public enum Answer: Equatable, Sendable {
        /// The rules allow it: dispatch `flipCard` now. Nothing waits any more.
        case flipNow
        /// A mismatch shows: the card waits for the pair to turn back, then turns over.
        case waiting
        /// The card is one of the mismatch showing: it waits to turn back with it, then turns
        /// over again.
        case waitingToTurnAgain
        /// The rules refuse it for this reason, whatever the wait (the card is face up for good,
        /// there is no such card, no game). The card waiting before, if any, still waits.
        case refused(FlipRefusal)
    }

    /// What becomes of the card waiting, once nothing holds it back any more.
    public enum Release: Equatable, Sendable {
        /// The mismatch has turned back and the rules allow the flip: dispatch `flipCard` with
        /// this id.
        case flip(Card.ID)
        /// The card can no longer be flipped, for this reason (the game has ended, say): it is
        /// forgotten.
        case dropped(FlipRefusal)
    }

    /// The card waiting to be flipped, if any.
    public private(set) var waitingCard: Card.ID?

    /// A queue with no card waiting.
    public init() {}

    /// Asks to flip the card with `id` in `state`: now, after the mismatch showing, or not at
    /// all.
    ///
    /// - Parameters:
    ///   - id: The card's id.
    ///   - state: The store's state now.
    /// - Returns: Whether to dispatch the flip now, whether the card waits, or why it is refused.
    public mutating func ask(toFlip id: Card.ID, in state: ThreeDucksState) -> Answer {
        switch state.flipRefusal(for: id) {
        case nil:
            waitingCard = nil
            return .flipNow
        case .pairShowing:
            waitingCard = id
            return .waiting
        case .alreadyFaceUp
        where state.selectionMatches == false && state.selectedCards.contains(id):
            waitingCard = id
            return .waitingToTurnAgain
        case let refusal?:
            return .refused(refusal)
        }
    }

    /// What becomes of the card waiting, now that the state is `state`: nil while no card
    /// waits or the mismatch still shows; otherwise the card leaves the queue, to be flipped or
    /// dropped.
    ///
    /// Call it after every change of state: the release happens on the first state in which
    /// the pair has turned back.
    ///
    /// - Parameter state: The store's state now.
    /// - Returns: The flip to dispatch, the card dropped, or nil.
    public mutating func release(in state: ThreeDucksState) -> Release? {
        guard let id = waitingCard else { return nil }
        if state.screen == .started, state.selectionMatches == false {
            return nil
        }
        waitingCard = nil
        if let refusal = state.flipRefusal(for: id) {
            return .dropped(refusal)
        }
        return .flip(id)
    }

    /// Forgets the card waiting, if any: the game it belongs to is given up or started again.
    public mutating func cancel() {
        waitingCard = nil
    }
}

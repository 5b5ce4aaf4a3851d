import TestSupport
import Testing
import ThreeDucks

@Suite struct ThreeDucksStateRulesTests {
    /// A game on the easy deck for seed 1, nothing flipped yet.
    private func playing() -> ThreeDucksState {
        ThreeDucksState(screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 1))
    }

    /// The indices of a matching pair and of a card of another animal.
    private func pairAndOther(in state: ThreeDucksState) -> (Int, Int, Int) {
        let first = 0
        let match = state.cards.indices.first {
            $0 != first && state.cards[$0].animal == state.cards[first].animal
        }!
        let other = state.cards.indices.first {
            state.cards[$0].animal != state.cards[first].animal
        }!
        return (first, match, other)
    }

    @Test("a flip the rules accept has no refusal, and the reducer then turns the card")
    func accepted() {
        var state = playing()
        #expect(state.flipRefusal(for: 3) == nil)
        state.reduce(.flipCard(3))
        #expect(state.cards[3].isFlipped && state.moves == 1)
    }

    @Test("each refusal names its reason, and the reducer changes nothing for it")
    func refusals() {
        let (first, _, other) = pairAndOther(in: playing())
        var mismatch = playing()
        mismatch.reduce(.flipCard(first))
        mismatch.reduce(.flipCard(other))
        var won = playing()
        won.screen = .won
        let dealing = ThreeDucksState(screen: .started, difficulty: .easy)

        let cases: [(ThreeDucksState, Card.ID?, FlipRefusal)] = [
            (ThreeDucksState(), 0, .noGame),
            (won, 0, .gameWon),
            (playing(), 99, .noSuchCard),
            (playing(), nil, .noSuchCard),
            (dealing, 0, .noSuchCard),
            (mismatch, first, .alreadyFaceUp),
            (
                mismatch, mismatch.cards.indices.first { !mismatch.cards[$0].isFlipped }!,
                .pairShowing
            ),
        ]
        for (state, id, refusal) in cases {
            #expect(state.flipRefusal(for: id) == refusal)
            if let id {
                var after = state
                after.reduce(.flipCard(id))
                #expect(after == state, "refused as \(refusal), yet the reducer changed the state")
            }
        }
    }

    @Test("a card face up is named so before a pair showing: what the player sees first")
    func orderOfReasons() {
        let (first, _, other) = pairAndOther(in: playing())
        var state = playing()
        state.reduce(.flipCard(first))
        state.reduce(.flipCard(other))
        #expect(state.flipRefusal(for: other) == .alreadyFaceUp)
    }

    @Test("selectionMatches: nil unless two cards are selected, then whether they show one animal")
    func selectionMatches() {
        let (first, match, other) = pairAndOther(in: playing())
        var state = playing()
        #expect(state.selectionMatches == nil)
        state.reduce(.flipCard(first))
        #expect(state.selectionMatches == nil)
        var pair = state
        pair.reduce(.flipCard(match))
        #expect(pair.selectionMatches == true)
        state.reduce(.flipCard(other))
        #expect(state.selectionMatches == false)
    }

    @Test(
        "outcome(ofFlipping:): the first card of a turn, then a pair or a mismatch, as selectionMatches then says"
    )
    func outcomeOfFlipping() {
        let (first, match, other) = pairAndOther(in: playing())
        var state = playing()
        #expect(state.outcome(ofFlipping: first) == .first)
        state.reduce(.flipCard(first))
        #expect(state.outcome(ofFlipping: match) == .pair)
        #expect(state.outcome(ofFlipping: other) == .mismatch)

        var pair = state
        pair.reduce(.flipCard(match))
        #expect(pair.selectionMatches == true)
        state.reduce(.flipCard(other))
        #expect(state.selectionMatches == false)
    }

    @Test("outcome(ofFlipping:) is nil for every flip the rules refuse")
    func noOutcomeWhenRefused() {
        let (first, _, other) = pairAndOther(in: playing())
        var mismatch = playing()
        mismatch.reduce(.flipCard(first))
        mismatch.reduce(.flipCard(other))
        let faceDown = mismatch.cards.indices.first { !mismatch.cards[$0].isFlipped }!

        #expect(ThreeDucksState().outcome(ofFlipping: 0) == nil)
        #expect(playing().outcome(ofFlipping: 99) == nil)
        #expect(mismatch.outcome(ofFlipping: first) == nil)
        #expect(mismatch.outcome(ofFlipping: faceDown) == nil)
    }
}

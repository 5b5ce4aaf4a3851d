import TestSupport
import Testing
import ThreeDucks

/// The referee of the random-session tests (`GamePropertyTests`, `GameChaosTests`) catches each
/// broken rule: if it could not, those tests would pass whatever the game did.
@Suite struct GameRefereeTests {
    /// An easy game, seed 1: the first pair face up and matched, a mismatch selected, 4 moves.
    private static func game() -> (state: ThreeDucksState, referee: GameReferee) {
        let deck = seededDeck(.easy, seed: 1)
        let pair = pairs(in: deck)[0]
        let others = deck.filter {
            $0.id != pair.0 && $0.id != pair.1 && $0.animal != deck[pair.0].animal
        }
        let mismatched = (others[0].id, others.first { $0.animal != others[0].animal }!.id)
        var state = ThreeDucksState(screen: .started, difficulty: .easy, cards: deck)
        var referee = GameReferee()
        for id in [pair.0, pair.1, mismatched.0, mismatched.1] {
            if state.selectedCards.count == 2 { state.selectedCards = [] }   // the pair is cleared
            let accepted = referee.countFlip(of: id, in: state)
            #expect(accepted)
            state.cards[id].isFlipped = true
            state.selectedCards.append(id)
            state.moves += 1
        }
        let broken = referee.brokenRule(in: state)
        #expect(broken == nil)
        return (state, referee)
    }

    @Test("a state that keeps the rules passes, and the pair matched in it is remembered")
    func keptRules() {
        let (state, referee) = Self.game()
        let pair = pairs(in: state.cards)[0]
        #expect(referee.acceptedFlips == 4)
        #expect(referee.matched == [pair.0, pair.1])
    }

    @Test("a flip is counted only when the rules accept it")
    func acceptance() {
        var (state, referee) = Self.game()
        let faceDown = state.cards.first { !$0.isFlipped }!.id
        let whileTwoAreSelected = referee.countFlip(of: faceDown, in: state)
        state.selectedCards = []
        let alreadyFaceUp = referee.countFlip(of: pairs(in: state.cards)[0].0, in: state)
        let notInTheDeck = referee.countFlip(of: state.cards.count, in: state)
        let accepted = referee.countFlip(of: faceDown, in: state)
        #expect(
            [whileTwoAreSelected, alreadyFaceUp, notInTheDeck, accepted] == [
                false, false, false, true,
            ])
        #expect(referee.acceptedFlips == 5)
        state.screen = .title
        #expect(!GameReferee.accepts(flipOf: faceDown, in: state), "no game on")
    }

    /// A way to break one of the rules in the state of ``game()``.
    enum Breakage: String, CaseIterable, Sendable {
        case threeSelectedCards
        case selectedCardFaceDown
        case oneMoveTooMany
        case matchedCardFaceDown
        case loneFaceUpCard
        case cardsOnTheTitleScreen
        case aCardShort
        case wonWithCardsFaceDown

        /// Words of the sentence that names the rule it breaks.
        var named: String {
            switch self {
            case .threeSelectedCards: "more than two"
            case .selectedCardFaceDown: "a selected card is face down"
            case .oneMoveTooMany: "moves 5 are not the 4 flips accepted"
            case .matchedCardFaceDown: "a matched card turned face down"
            case .loneFaceUpCard: "without its partner"
            case .cardsOnTheTitleScreen: "cards on the title screen"
            case .aCardShort: "a game with 7 cards at easy"
            case .wonWithCardsFaceDown: "won with a card face down"
            }
        }

        func apply(to state: inout ThreeDucksState) {
            switch self {
            case .threeSelectedCards:
                state.selectedCards.append(state.cards.first { !$0.isFlipped }!.id)
            case .selectedCardFaceDown: state.cards[state.selectedCards[0]].isFlipped = false
            case .oneMoveTooMany: state.moves += 1
            case .matchedCardFaceDown:
                let pair = pairs(in: state.cards)[0]
                state.cards[pair.0].isFlipped = false
                state.cards[pair.1].isFlipped = false
            case .loneFaceUpCard: state.selectedCards.removeLast()
            case .cardsOnTheTitleScreen: state.screen = .title
            case .aCardShort: state.cards.removeLast()
            case .wonWithCardsFaceDown: state.screen = .won
            }
        }
    }

    @Test("each broken rule is named", arguments: Breakage.allCases)
    func brokenRule(_ breakage: Breakage) {
        var (state, referee) = Self.game()
        breakage.apply(to: &state)
        let broken = referee.brokenRule(in: state)
        #expect(broken?.contains(breakage.named) == true, "\(breakage): \(broken ?? "unnoticed")")
    }

    @Test("starting over forgets the flips and the matched cards")
    func startOver() {
        var (state, referee) = Self.game()
        referee.startOver()
        #expect(referee.acceptedFlips == 0)
        #expect(referee.matched.isEmpty)
        state = ThreeDucksState(
            screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 2))
        let broken = referee.brokenRule(in: state)
        #expect(broken == nil)
    }
}

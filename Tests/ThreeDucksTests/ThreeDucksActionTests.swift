import Foundation
import TestSupport
import Testing
import ThreeDucks

@Suite struct ThreeDucksActionTests {
    static let everyAction: [ThreeDucksAction] = [
        .setDifficulty(.hard), .startGame, .endGame, .flipCard(3),
        .dealt(seededDeck(.easy, seed: 1)),
        .clearSelectedCards, .unFlipSelectedCards, .winGame, .loadHighScores,
        .highScoresLoaded([.easy: HighScore(moves: 9, date: fixedDate)]),
        .highScoresFailedToLoad("oops"),
        .newHighScore(difficulty: .normal, score: HighScore(moves: 14, date: fixedDate)),
        .highScoresSaved,
        .highScoresFailedToSave("oops"),
    ]

    @Test("every action survives a JSON round trip", arguments: everyAction)
    func roundTrip(_ action: ThreeDucksAction) throws {
        let decoded = try JSONDecoder().decode(
            ThreeDucksAction.self, from: JSONEncoder().encode(action))
        #expect(decoded == action)
    }

    @Test("a flip is encoded compactly")
    func flipEncoding() throws {
        #expect(
            String(decoding: try JSONEncoder().encode(ThreeDucksAction.flipCard(3)), as: UTF8.self)
                == #"{"flipCard":{"_0":3}}"#)
    }

    @Test("the state survives a JSON round trip, dates included")
    func stateRoundTrip() throws {
        let state = ThreeDucksState(
            screen: .won,
            difficulty: .easy,
            cards: faceUp(seededDeck(.easy, seed: 1)),
            selectedCards: [],
            moves: 12,
            highScores: [.easy: HighScore(moves: 12, date: fixedDate)],
            isNewRecord: true,
            highScoreError: "a message"
        )
        let decoded = try JSONDecoder().decode(
            ThreeDucksState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
    }

    @Test("actions stay small: a benchmark dispatches millions")
    func size() {
        #expect(MemoryLayout<ThreeDucksAction>.size <= 32)
    }
}

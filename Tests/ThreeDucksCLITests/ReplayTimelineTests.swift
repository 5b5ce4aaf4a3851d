import ReduxRecording
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct ReplayTimelineTests {
    /// A recorded easy game on the deck for seed 5: set up, a mismatch, then every pair; then
    /// `extra` flips of face-down cards in new games, to make the log long.
    private func recording(extraGames: Int = 0) -> Recording<ThreeDucksAction> {
        let deck = seededDeck(.easy, seed: 5)
        var actions: [ThreeDucksAction] = [.setDifficulty(.easy), .startGame, .dealt(deck)]
        let pairs = pairs(in: deck)
        actions += [
            .flipCard(deck[pairs[0].0].id), .flipCard(deck[pairs[1].0].id), .unFlipSelectedCards,
        ]
        for (first, second) in pairs {
            actions += [.flipCard(deck[first].id), .flipCard(deck[second].id), .clearSelectedCards]
        }
        actions.append(.winGame)
        for _ in 0..<extraGames {
            actions += [.startGame, .dealt(deck), .flipCard(0), .endGame]
        }
        return Recording(
            entries: actions.enumerated().map {
                RecordedAction(time: .milliseconds(1_000 + 250 * $0.offset), action: $0.element)
            })
    }

    @Test("each step holds its action, its time since the first action, and the states around it")
    func steps() {
        let recording = recording()
        let timeline = ReplayTimeline(recording)
        #expect(timeline.count == recording.entries.count)
        let first = timeline.step(1)
        #expect(first.action == .setDifficulty(.easy) && first.time == .zero)
        #expect(first.before == ThreeDucksState() && first.after.difficulty == .easy)
        let flip = timeline.step(4)
        #expect(flip.time == .milliseconds(750))
        #expect(flip.after.moves == 1 && flip.before.moves == 0)
        #expect(
            flip.diff.changes.map(\.path) == [
                "cards[\(pairs(in: seededDeck(.easy, seed: 5))[0].0)].isFlipped", "selectedCards",
                "moves",
            ])
        #expect(timeline.step(timeline.count).after.screen == .won)
    }

    @Test("the states are the replay's: the last one is what Replayer replays to, step after step")
    func sameAsReplayer() {
        let recording = recording(extraGames: 40)
        let timeline = ReplayTimeline(recording)
        let replayer = Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer)
        #expect(timeline.count > 2 * ReplayTimeline.checkpointInterval)
        for number in [1, 63, 64, 65, 128, 129, timeline.count] {
            #expect(
                timeline.step(number).after == replayer.replay(recording.entries.prefix(number)),
                "step \(number)")
            #expect(timeline.state(after: number) == timeline.step(number).after)
        }
        var walked: [ThreeDucksState] = []
        timeline.forEachStep { walked.append($0.after) }
        #expect(walked.count == timeline.count)
        #expect(walked.last == replayer.replay(recording))
        #expect(walked[99] == timeline.step(100).after)
    }

    @Test("an empty log has no steps")
    func empty() {
        let timeline = ReplayTimeline(Recording<ThreeDucksAction>())
        #expect(timeline.count == 0)
        var steps = 0
        timeline.forEachStep { _ in steps += 1 }
        #expect(steps == 0)
        #expect(timeline.state(after: 0) == ThreeDucksState())
    }

    @Test(
        "a step's changes read as lines, a card's field with its coordinate; a step that changed nothing says so"
    )
    func changes() {
        let timeline = ReplayTimeline(recording())
        let renderer = Renderer(style: .plain)
        let deck = seededDeck(.easy, seed: 5)
        let first = pairs(in: deck)[0].0
        let coordinate = Grid(.easy).coordinate(ofIndex: first)
        #expect(
            renderer.changes(in: timeline.step(4)) == [
                "cards[\(first)].isFlipped (\(coordinate)): false -> true",
                "selectedCards: [] -> [\(deck[first].id)]",
                "moves: 0 -> 1",
            ])
        #expect(
            Renderer(style: .fancy).changes(in: timeline.step(1)) == ["difficulty: normal → easy"])
        var recording = recording()
        recording.entries.insert(RecordedAction(time: .seconds(1), action: .loadHighScores), at: 1)
        #expect(renderer.changes(in: ReplayTimeline(recording).step(2)) == ["(no change)"])
    }

    @Test("every action has a one-line summary that says what it is about")
    func summaries() {
        let renderer = Renderer(style: .plain)
        let deck = seededDeck(.easy, seed: 5)
        let state = ThreeDucksState(screen: .started, difficulty: .easy, cards: deck)
        let duck = deck.firstIndex { $0.animal == .ducks }!
        let bat = deck.firstIndex { $0.animal == .bat }!
        let score = HighScore(moves: 10, date: fixedDate)
        let cases: [(ThreeDucksAction, String)] = [
            (.setDifficulty(.hard), "setDifficulty(hard)"),
            (.startGame, "startGame"),
            (.dealt(deck), "dealt(8 cards)"),
            (
                .flipCard(deck[duck].id),
                "flipCard(\(deck[duck].id)): \(Grid(.easy).coordinate(ofIndex: duck)), ducks"
            ),
            (
                .flipCard(deck[bat].id),
                "flipCard(\(deck[bat].id)): \(Grid(.easy).coordinate(ofIndex: bat)), a bat"
            ),
            (.flipCard(99), "flipCard(99): no such card"),
            (.highScoresLoaded([:]), "highScoresLoaded(none)"),
            (
                .highScoresLoaded([.hard: score, .easy: score]),
                "highScoresLoaded(easy 10 moves, hard 10 moves)"
            ),
            (.newHighScore(difficulty: .easy, score: score), "newHighScore(easy, 10 moves)"),
            (.highScoresFailedToSave("disk full"), "highScoresFailedToSave(\"disk full\")"),
        ]
        for (action, summary) in cases {
            #expect(renderer.summary(of: action, in: state) == summary)
        }
    }

    @Test("time in a log: seconds to the millisecond")
    func time() {
        let renderer = Renderer(style: .plain)
        #expect(renderer.time(.zero) == "0.000 s")
        #expect(renderer.time(.milliseconds(1_204)) == "1.204 s")
        #expect(renderer.time(.seconds(61) + .microseconds(7_999)) == "61.007 s")
    }
}

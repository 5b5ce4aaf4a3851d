import ThreeDucks

/// `--autoplay`: a ``PerfectMemoryPlayer`` plays one whole game through the real store and
/// every move is printed, then the result.
///
/// The game runs exactly as when a person plays (the same middlewares, the mismatch delay on
/// the real-time scheduler, scaled by `--speed`); the player only dispatches flips and reads
/// the face-up cards. After each flip it waits for the store to be idle, so it sees whether
/// the pair stayed face up or turned back, and the cues the engine played.
struct Autoplay {
    /// What became of the second card of a turn.
    enum Outcome: Equatable, Sendable {
        /// The first card of a turn: nothing yet.
        case first
        /// The two cards matched and stay face up.
        case pair
        /// The two cards did not match and turned back.
        case turnedBack
    }

    /// The session whose store is played.
    let session: Session

    /// Where the moves are printed.
    let output: any TextOutput

    /// Returns when the store is idle: awaiting `idle()` in the program, running a
    /// `TestScheduler` in tests.
    let waitUntilIdle: () async -> Void

    /// Plays one game and prints it.
    ///
    /// - Parameters:
    ///   - seed: The seed, for the header.
    ///   - speed: How much faster than real time the clock runs, for the header.
    ///   - isolation: The caller's actor, if any; left to its default.
    /// - Returns: The state at the end: the won screen, unless something went wrong.
    @discardableResult
    func run(
        seed: UInt64, speed: Double, isolation: isolated (any Actor)? = #isolation
    ) async -> ThreeDucksState {
        let store = session.store
        let renderer = session.renderer
        session.begin()
        await waitUntilIdle()
        // A high-score file that could not be used is told at once, as the title screen of the
        // game tells it: a save later in the game would clear the message from the state.
        let loadError = store.state.highScoreError
        store.dispatch(.startGame)
        await waitUntilIdle()
        var state = store.state
        output.write(
            renderer.autoplayHeader(
                difficulty: state.difficulty, seed: seed, speed: speed, highScoreError: loadError))
        output.write(renderer.board(state) + "\n")
        _ = session.cues.take()

        var player = PerfectMemoryPlayer()
        let grid = Grid(cardCount: state.cards.count)
        // A perfect-memory player needs fewer than twice as many moves as cards; the cap only
        // stops a runaway loop.
        let moveLimit = state.cards.count * 3
        var flips = 0
        while state.screen == .started, flips < moveLimit {
            flips += 1
            player.look(at: state)
            guard let id = player.nextCard(in: state), let index = state.index(ofCard: id) else {
                break
            }
            let isSecond = state.selectedCards.count == 1
            store.dispatch(.flipCard(id))
            player.look(at: store.state)
            await waitUntilIdle()
            state = store.state
            let outcome: Outcome =
                isSecond ? (state.cards[index].isFlipped ? .pair : .turnedBack) : .first
            output.write(
                renderer.autoplayMove(
                    number: state.moves,
                    coordinate: grid.coordinate(ofIndex: index),
                    animal: state.cards[index].animal,
                    outcome: outcome,
                    cues: session.cues.take()
                ))
        }

        output.write("\n" + renderer.board(state))
        output.write(renderer.autoplayResult(state, alreadyTold: loadError))
        return state
    }
}

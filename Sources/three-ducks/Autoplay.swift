import ThreeDucks

/// `--autoplay`: an ``ThreeDucks/Autoplayer`` plays one whole game through the real store and
/// every move is printed, then the result.
///
/// The game runs exactly as when a person plays (the same middlewares, the mismatch delay on
/// the real-time scheduler, scaled by `--speed`); the autoplayer only says which card to flip
/// and what the flip leads to, and when to stop. After each flip the program waits for the
/// store to be idle, so that a mismatch has turned back and the engine's cues have played before
/// the move is printed.
struct Autoplay {
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

        var autoplayer = Autoplayer()
        let grid = Grid(cardCount: state.cards.count)
        while let move = autoplayer.nextMove(in: state) {
            store.dispatch(.flipCard(move.card))
            autoplayer.look(at: store.state)
            await waitUntilIdle()
            state = store.state
            output.write(
                renderer.autoplayMove(
                    number: state.moves,
                    coordinate: grid.coordinate(ofIndex: move.index),
                    animal: state.cards[move.index].animal,
                    outcome: move.outcome,
                    cues: session.cues.take()
                ))
        }

        output.write("\n" + renderer.board(state))
        output.write(renderer.autoplayResult(state, alreadyTold: loadError))
        return state
    }
}

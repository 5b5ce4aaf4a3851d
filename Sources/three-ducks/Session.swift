import Effects
import Foundation
import Redux
import ReduxRecording
import ThreeDucks

/// One run of the game: the store with the real middlewares, and what the player types turned
/// into actions and text.
///
/// The session holds no rules of its own: a typed line becomes an action (or a one-line reply
/// when it cannot be one), and the screen is drawn by a store observer whenever the part of the
/// state it shows changes, including when a delayed action (a mismatch turning back, the win)
/// arrives by itself from the scheduler.
///
/// ```swift
/// let session = Session(configuration: .init(seed: 7), scheduler: scheduler,
///                       ioScheduler: scheduler, output: StandardStream.output)
/// session.begin()          // the difficulty, then the high scores
/// session.show()           // draws the title screen, and every change after it
/// session.handle("new")    // .done
/// session.handle("z9")     // .refused: "There is no card z9: the grid has rows a-c, columns 1-4."
/// ```
///
/// What prints, in order, after an action: the screen (if it changed), the sound cues, then
/// notices (a new high score, a problem with the high-score file). The prompt, if there is one,
/// follows the answer to a typed line once, after everything the line set off; what arrives
/// later by itself (a mismatch turning back) starts a line of its own and ends with the prompt.
///
/// The full-screen game (``FullScreenGame``) uses the same store and cues, but draws and reads
/// keys itself: it never calls ``show()`` or ``handle(_:)``.
///
/// The type is split by concern: this file builds the store and runs the session; in the line
/// mode's folder, `LineMode/Session+Commands.swift` turns typed lines into actions and
/// `LineMode/Session+Drawing.swift` draws the line mode's screens.
final class Session: Sendable {
    /// What a session is made of, besides its schedulers and output.
    struct Configuration: Sendable {
        /// The level to choose before anything else; nil keeps the game's default.
        var difficulty: Difficulty?
        /// The seed of the generator that shuffles every deck of the session.
        var seed: UInt64
        /// Where the high scores persist; nil keeps no high scores at all.
        var highScoreFile: HighScoreFile?
        /// Where every action is recorded, as JSON Lines; nil records nothing.
        var recording: (any LineSink)?
        /// How the screens look.
        var style: RenderStyle = .plain
        /// Printed after every drawing and reply when a person types at a terminal.
        var prompt: String?
        /// How the sound cues play.
        var sounds: Sounds = .visible(bell: nil)
        /// The clock that dates high scores.
        var now: @Sendable () -> Date = { Date() }
    }

    /// How the sound cues play.
    enum Sounds: Sendable {
        /// No bell and no cue on screen (`--mute`).
        case muted
        /// A cue on screen after each drawing, and the bell on `bell` if there is one.
        case visible(bell: (any TextOutput)?)
    }

    /// What became of a typed line.
    enum LineOutcome: Equatable, Sendable {
        /// It was a command and it ran; the state may have changed.
        case done
        /// It was refused with a one-line reply; nothing was dispatched.
        case refused
        /// The player asked to leave.
        case quit
    }

    /// The game's store.
    let store: Store<ThreeDucksState, ThreeDucksAction>

    /// Draws every text the session prints.
    let renderer: Renderer

    /// The sound cues played and not shown yet.
    let cues: CueBoard

    /// The seed, the files, the style and the sounds.
    let configuration: Configuration
    /// Where the text goes.
    let output: any TextOutput
    /// What the line mode last drew (see LineMode/Session+Drawing.swift).
    let display = Lock(Display())
    /// The observer that draws, while the session shows.
    let observation = Lock<AnyCancellable?>(nil)

    /// Builds the store: the game logic (a seeded deck, delays on `scheduler`), the high scores
    /// (file I/O on `ioScheduler`), the sound cues, and the recorder if there is one.
    ///
    /// - Parameters:
    ///   - configuration: The seed, the files, the style and the sounds.
    ///   - scheduler: Where the game's delays wait and the clock that stamps recordings.
    ///   - ioScheduler: Where the high-score file is read and written.
    ///   - output: Where the text goes.
    init(
        configuration: Configuration,
        scheduler: some Scheduler,
        ioScheduler: some Scheduler,
        output: any TextOutput
    ) {
        self.configuration = configuration
        self.output = output
        renderer = Renderer(style: configuration.style)
        let cues = CueBoard()
        self.cues = cues

        var middlewares: [AnyMiddleware<ThreeDucksState, ThreeDucksAction>] = [
            gameLogic(random: SplitMix64(seed: configuration.seed), scheduler: scheduler)
        ]
        if let file = configuration.highScoreFile {
            middlewares.append(
                highScores(file: file, ioScheduler: ioScheduler, now: configuration.now))
        }
        switch configuration.sounds {
        case .muted:
            middlewares.append(soundCues(player: SilentSoundPlayer()))
        case .visible(let bell):
            middlewares.append(soundCues(player: TerminalSoundPlayer(cues: cues, bell: bell)))
        }
        var interceptors: [Interceptor<ThreeDucksState, ThreeDucksAction>] = []
        if let recording = configuration.recording {
            interceptors.append(.recording(to: recording, scheduler: scheduler))
        }
        store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            interceptors: interceptors,
            middlewares: middlewares
        )
    }

    // MARK: Running

    /// Chooses the difficulty, if one was given, and loads the high scores. Wait for the store
    /// to be idle before ``show()`` for the title to show them.
    func begin() {
        if let difficulty = configuration.difficulty {
            store.dispatch(.setDifficulty(difficulty))
        }
        if configuration.highScoreFile != nil {
            store.dispatch(.loadHighScores)
        }
    }

    /// Draws the current screen, then every change, until ``hide()``.
    func show() {
        display.withLock { $0.isShowing = true }
        let token = store.subscribe { [weak self] state in
            self?.draw(state)
        }
        observation.withLock { $0 = token }
    }

    /// Stops drawing.
    func hide() {
        let token = observation.withLock { token in
            defer { token = nil }
            return token
        }
        display.withLock { $0.isShowing = false }
        token?.cancel()
    }

    /// Prints `text` (one line or several, without the final newline) and the prompt.
    func say(_ text: String) {
        write(renderer.message(text))
    }

    /// Prints the goodbye line.
    ///
    /// - Parameter afterEndOfInput: Whether the input just ended; at a prompt, the cursor is
    ///   then still on the prompt's line, so the goodbye starts a line of its own.
    func sayGoodbye(afterEndOfInput: Bool = false) {
        let newline = afterEndOfInput && configuration.prompt != nil ? "\n" : ""
        output.write(newline + renderer.goodbye)
    }
}

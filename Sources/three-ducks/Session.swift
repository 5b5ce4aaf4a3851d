import Effects
import Foundation
import Redux
import ReduxRecording
import Synchronization
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
/// notices (a new high score, a problem with the high-score file). Each reply and each drawing
/// ends with the prompt, if there is one.
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

    private let configuration: Configuration
    private let output: any TextOutput
    private let display = Mutex(Display())
    private let observation = Mutex<AnyCancellable?>(nil)

    /// What was last drawn, to draw only what changed.
    private struct Display {
        var isShowing = false
        /// While held, nothing is drawn: a command that dispatches several actions shows only
        /// where they lead.
        var isHeld = false
        var frame: Frame?
        var isNewRecord = false
        var highScoreError: String?
    }

    /// The part of the state a screen shows. The selection is left out: a match cleared at once
    /// changes nothing on screen.
    private struct Frame: Equatable {
        var screen: Screen
        var difficulty: Difficulty
        var cards: [Card]
        var moves: Int
        /// Only the title screen shows them.
        var highScores: [Difficulty: HighScore]?
        var highScoreError: String?

        /// Nil for a game whose deck has not arrived yet: nothing worth drawing.
        init?(_ state: ThreeDucksState) {
            if state.screen == .started, state.cards.isEmpty { return nil }
            screen = state.screen
            difficulty = state.difficulty
            cards = state.cards
            moves = state.moves
            highScores = state.screen == .title ? state.highScores : nil
            highScoreError = state.screen == .title ? state.highScoreError : nil
        }
    }

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
            middlewares.append(highScores(file: file, ioScheduler: ioScheduler, now: configuration.now))
        }
        switch configuration.sounds {
        case .muted:
            middlewares.append(soundCues(player: SilentSoundPlayer()))
        case .visible(let bell):
            middlewares.append(soundCues(player: TerminalSoundPlayer(cues: cues, bell: bell)))
        }
        var interceptors: [Interceptor<ThreeDucksState, ThreeDucksAction>] = []
        if let recording = configuration.recording {
            interceptors.append(.recording(to: recording, clock: scheduler))
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

    /// Turns a typed line into an action, or a one-line reply.
    ///
    /// - Parameter line: What was typed, without its newline.
    /// - Returns: Whether it ran, was refused, or asks to quit.
    @discardableResult
    func handle(_ line: String) -> LineOutcome {
        switch CommandParser.parse(line) {
        case .failure(let error):
            say(error.message)
            return .refused
        case .success(let command):
            return perform(command, typed: line)
        }
    }

    /// Answers a line that was too long to be read (more than `limit` bytes): one line back,
    /// and nothing changes.
    ///
    /// - Parameter limit: The longest line read, in bytes.
    /// - Returns: ``LineOutcome/refused``.
    @discardableResult
    func refuseLongLine(limit: Int) -> LineOutcome {
        say("That line is longer than \(limit) bytes, so it was not read: type a card's coordinate, like b3, or help.")
        return .refused
    }

    /// Prints `text` (one line or several, without the final newline) and the prompt.
    func say(_ text: String) {
        output.write(renderer.message(text) + (configuration.prompt ?? ""))
    }

    /// Prints the goodbye line.
    ///
    /// - Parameter afterEndOfInput: Whether the input just ended; at a prompt, the cursor is
    ///   then still on the prompt's line, so the goodbye starts a line of its own.
    func sayGoodbye(afterEndOfInput: Bool = false) {
        let newline = afterEndOfInput && configuration.prompt != nil ? "\n" : ""
        output.write(newline + renderer.goodbye)
    }

    // MARK: Commands

    private func perform(_ command: Command, typed line: String) -> LineOutcome {
        let state = store.state
        switch command {
        case .flip(let coordinate):
            return flip(coordinate, typed: line, in: state)

        case .newGame:
            store.dispatch(.startGame)

        case .giveUp:
            guard state.screen == .started else {
                say(state.screen == .won
                    ? "This game is won, there is nothing to give up: type new to play again."
                    : "There is no game to give up: type new to start one.")
                return .refused
            }
            store.dispatch(.endGame)

        case .back:
            guard state.screen != .title else { return .quit }
            store.dispatch(.endGame)

        case .title:
            guard state.screen != .title else {
                say("This is the title screen: type new to start a game.")
                return .refused
            }
            store.dispatch(.endGame)

        case .quit:
            return .quit

        case .help:
            say(String(renderer.help(for: state.screen).dropLast()))

        case .scores:
            say(String(renderer.highScores(state.highScores).dropLast()))

        case .difficulty(let difficulty):
            switch state.screen {
            case .title:
                guard difficulty != state.difficulty else {
                    say("The difficulty is already \(difficulty.rawValue): type new to start a game.")
                    return .refused
                }
                store.dispatch(.setDifficulty(difficulty))
            case .started, .won:
                // The level changes on the title screen only: pass through it to a new game.
                withoutDrawing {
                    store.dispatch(.endGame)
                    store.dispatch(.setDifficulty(difficulty))
                    store.dispatch(.startGame)
                }
            }
        }
        return .done
    }

    private func flip(_ coordinate: Coordinate, typed line: String, in state: ThreeDucksState) -> LineOutcome {
        guard state.screen == .started else {
            say(state.screen == .won
                ? "This game is won: type new to play again."
                : "No game is being played: type new to start one.")
            return .refused
        }
        let grid = Grid(cardCount: state.cards.count)
        guard let index = grid.index(of: coordinate) else {
            let typed = InputEcho.sanitized(line.trimmingCharacters(in: .whitespaces).lowercased())
            say("There is no card \(typed): the grid has \(grid.extent).")
            return .refused
        }
        let card = state.cards[index]
        guard !card.isFlipped else {
            say("\(coordinate) is already face up.")
            return .refused
        }
        guard state.selectedCards.count < 2 else {
            say("Wait a moment: the two cards turn back first.")
            return .refused
        }
        store.dispatch(.flipCard(card.id))
        return .done
    }

    // MARK: Drawing

    private func withoutDrawing(_ body: () -> Void) {
        display.withLock { $0.isHeld = true }
        body()
        display.withLock { $0.isHeld = false }
        draw(store.state)
    }

    /// Draws what changed since the last drawing: the screen, the cues, the notices.
    private func draw(_ state: ThreeDucksState) {
        let text = display.withLock { display -> String in
            guard display.isShowing, !display.isHeld, let frame = Frame(state) else { return "" }
            var text = ""
            let isNewScreen = frame != display.frame
            if isNewScreen {
                // Without clearing, a blank line keeps one screen from running into the last.
                if display.frame != nil, !renderer.style.clearsScreen { text += "\n" }
                text += renderer.screen(state)
                display.frame = frame
            }
            text += renderer.cues(cues.take())
            if state.isNewRecord, !display.isNewRecord, !(isNewScreen && state.screen == .won) {
                text += renderer.newRecord(state)
            }
            display.isNewRecord = state.isNewRecord
            if let error = state.highScoreError, error != display.highScoreError,
                !(isNewScreen && state.screen == .title)
            {
                text += renderer.highScoreError(error)
            }
            display.highScoreError = state.highScoreError
            return text
        }
        guard !text.isEmpty else { return }
        output.write(text + (configuration.prompt ?? ""))
    }
}

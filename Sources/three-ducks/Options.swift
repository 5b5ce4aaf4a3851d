import ThreeDucks

/// What the command line asks for, parsed by hand (the package has no dependencies).
///
/// ```swift
/// let options = try Options(parsing: ["--difficulty", "hard", "--seed", "7"])
/// ```
///
/// Options take their value as the next argument or after `=` (`--seed=7`). `-h`/`--help` and
/// `--version` win over everything else on the line. `--` ends the options: every argument after
/// it is taken as it is (`replay -- -game.jsonl`), as POSIX utilities do.
struct Options: Equatable, Sendable {
    /// What the program does.
    enum Mode: Equatable, Sendable {
        /// The interactive game, reading commands line by line.
        case play
        /// A player with perfect memory plays one game and prints every move.
        case autoplay
        /// Replays the JSON Lines log at the path and prints the final state (or, with
        /// ``Options/isStepping``, every action).
        case replay(String)
        /// Prints ``Options/helpText``.
        case help
        /// Prints ``Options/versionText``.
        case version
    }

    /// The version `--version` prints.
    static let version = "0.1.0"

    /// How much faster than real time `--autoplay` runs unless `--speed` says otherwise.
    static let autoplaySpeed = 20.0

    var mode: Mode = .play
    /// `--difficulty`; nil leaves the game's default (normal).
    var difficulty: Difficulty?
    /// `--seed`; nil deals from a random seed.
    var seed: UInt64?
    /// `--speed`; nil means the mode's default (see ``speed``).
    var requestedSpeed: Double?
    /// `--record`: where the session's actions go, as JSON Lines.
    var recordPath: String?
    /// `--high-scores`: the high-score file; nil means the default location.
    var highScoresPath: String?
    /// `--mute`: no bell and no visible sound cues.
    var isMuted = false
    /// `--plain`: plain text even on a terminal.
    var isPlain = false
    /// `--step`, with `replay`: go through the log one action at a time.
    var isStepping = false

    /// How many times faster than real time the game's clock runs: `--speed`, or 1 when
    /// playing and ``autoplaySpeed`` in autoplay.
    var speed: Double {
        requestedSpeed ?? (mode == .autoplay ? Self.autoplaySpeed : 1)
    }

    /// The text `--version` prints.
    static var versionText: String {
        "three-ducks \(version)\n"
    }

    /// The text `--help` prints. Each section's descriptions start in one column, at least two
    /// spaces after the longest name, and no line is wider than 80 columns.
    static let helpText = """
        three-ducks: the Three Ducks matching-pairs card game, in the terminal.

        USAGE
          three-ducks [options]               play: on the full screen of a terminal,
                                              else reading commands one per line
          three-ducks --autoplay [options]    watch a player with perfect memory win
          three-ducks replay FILE [--plain]   replay a recorded session and print the
                                              state it ends in; with --step, go
                                              through it one action at a time
          Options may come before or after replay FILE; -- ends them, so that
          three-ducks replay -- -game.jsonl replays a file whose name starts with -.

        OPTIONS
          --difficulty LEVEL  easy, normal or hard: 4, 6 or 10 pairs (default: normal)
          --seed N            deal reproducible decks from the number N
          --autoplay          play a whole game by itself, printing every move; it
                              keeps no high scores unless --high-scores is given
          --speed X           run the game's clock X times faster than real time, X
                              from \(Self.number(speedRange.lowerBound)) to \(Self.number(speedRange.upperBound)): a mismatch stays face up for 1/X
                              seconds (default: 1; 20 with --autoplay, where a
                              mismatch shows for 50 ms)
          --record FILE       write every action of the session to FILE as JSON
                              Lines (FILE is replaced)
          --high-scores PATH  the high-score file (default:
                              $XDG_DATA_HOME/three-ducks/high-scores.json, or
                              ~/.local/share/three-ducks/high-scores.json)
          --mute              no bell, and no sound cues on screen
          --plain             commands read line by line even on a terminal, in
                              plain text: no colours, emoji or screen clearing
                              (NO_COLOR, or output that is not a terminal, also
                              gives plain text)
          --step              with replay: one action at a time, its time and what
                              it changed; on a terminal, a full screen to step
                              through (arrows, Home, End, q), else a block each
          -h, --help          show this help
          --version           show the version

        IN THE GAME
          On a terminal, the game takes the whole screen:
          arrows, hjkl, wasd  move the cursor; on the title, choose the level
          1 2 3               choose the level (easy, normal, hard) on the title
          Space, Enter        flip the card under the cursor; on the title, play
          a click             flip the card clicked, choose a level, press a button
          b3                  flip the card in row b, column 3
          n                   a new game
          g, Esc              give up: back to the title screen
          ?                   show the keys
          q, Ctrl-C           quit
          Piped in, or with --plain, it reads commands one per line:
          b3                  flip the card in row b, column 3
          new (n)             start a new game
          give up (q)         back to the title screen; q on the title screen quits
          easy|normal|hard    choose the difficulty (in a game: a new game at it)
          scores              show the high scores
          help                show the commands
          quit                leave (so does the end of the input)
          A line longer than \(LineReader.defaultLimit) bytes is refused, and the game goes on.

        EXIT STATUS
          0                   the game ended: quit, or the end of the input; also when
                              the high-score file could not be read or saved (that is
                              shown on screen, and play goes on without it)
          1                   the --record FILE or the FILE to replay could not be
                              read or written, or --autoplay did not win its game
          2                   a usage error: an unknown option, a missing or bad
                              value (--speed out of its range, say)
          A signal (SIGINT, SIGTERM, a hang-up) ends the game as signals do, once the
          terminal is put back as it was.

        """

    /// The speeds `--speed` accepts: slow enough to watch a mismatch for 100 seconds, fast
    /// enough that one shows for a millisecond. Beyond them the clock's arithmetic would leave
    /// the range of `Duration`, or a command would wait for minutes.
    static let speedRange: ClosedRange<Double> = 0.01...1000

    /// `0.01`, `1000`: a bound without a useless fraction.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Parses the arguments after the program's name.
    ///
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
    /// - Throws: ``UsageError`` with a one-line reason.
    init(parsing arguments: some Collection<String>) throws(UsageError) {
        // After `--` everything is an argument, even `--help`.
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { $0 == "-h" || $0 == "--help" }) {
            mode = .help
            return
        }
        if options.contains("--version") {
            mode = .version
            return
        }

        var positionals: [String] = []
        var isAutoplay = false
        var given: [String] = []
        var remaining = arguments[...]
        var isPastOptions = false
        while let argument = remaining.popFirst() {
            if argument == "--", !isPastOptions {
                isPastOptions = true
                continue
            }
            guard !isPastOptions, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError(reason: "\(name) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(reason: "\(name) takes no value") }
            }
            given.append(name)
            switch name {
            case "--difficulty":
                let text = try value()
                guard let difficulty = Difficulty(rawValue: text.lowercased()) else {
                    throw UsageError(
                        reason:
                            "--difficulty must be easy, normal or hard, not '\(Self.quoted(text))'")
                }
                self.difficulty = difficulty
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError(
                        reason:
                            "--seed must be a whole number from 0 to \(UInt64.max), not '\(Self.quoted(text))'"
                    )
                }
                self.seed = seed
            case "--speed":
                let text = try value()
                guard let speed = Double(text), Self.speedRange.contains(speed) else {
                    throw UsageError(
                        reason:
                            "--speed must be a number from \(Self.number(Self.speedRange.lowerBound)) "
                            + "to \(Self.number(Self.speedRange.upperBound)), not '\(Self.quoted(text))'"
                    )
                }
                requestedSpeed = speed
            case "--record":
                let path = try value()
                guard !path.isEmpty else { throw UsageError(reason: "--record needs a file name") }
                recordPath = path
            case "--high-scores":
                let path = try value()
                guard !path.isEmpty else {
                    throw UsageError(reason: "--high-scores needs a file name")
                }
                highScoresPath = path
            case "--autoplay":
                try noValue()
                isAutoplay = true
            case "--mute":
                try noValue()
                isMuted = true
            case "--plain":
                try noValue()
                isPlain = true
            case "--step":
                try noValue()
                isStepping = true
            default:
                throw UsageError(reason: "unknown option '\(Self.quoted(argument))'")
            }
        }

        if let first = positionals.first {
            guard first == "replay" else {
                throw UsageError(reason: "unexpected argument '\(Self.quoted(first))'")
            }
            guard positionals.count >= 2 else {
                throw UsageError(reason: "replay needs the FILE to replay")
            }
            guard positionals.count == 2 else {
                throw UsageError(reason: "unexpected argument '\(Self.quoted(positionals[2]))'")
            }
            if let other = given.first(where: { $0 != "--plain" && $0 != "--step" }) {
                throw UsageError(
                    reason: "replay takes a FILE, --step and --plain only, not \(other)")
            }
            mode = .replay(positionals[1])
        } else {
            if isStepping {
                throw UsageError(reason: "--step goes with replay FILE")
            }
            if isAutoplay {
                mode = .autoplay
            }
        }
    }

    /// `text` cut short and stripped of control characters, to quote it on one line.
    private static func quoted(_ text: String) -> String {
        InputEcho.sanitized(text)
    }
}

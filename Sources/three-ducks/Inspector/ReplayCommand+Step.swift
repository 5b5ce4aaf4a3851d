import ReduxRecording
import ThreeDucks

extension ReplayCommand {
    /// `three-ducks replay FILE --step`: the log one action at a time. On a terminal, the
    /// full-screen ``ReplayInspector``; otherwise every action printed in a block of its own,
    /// then the final state, as `replay` prints it.
    ///
    /// - Parameters:
    ///   - path: The JSON Lines log.
    ///   - terminal: The terminal to step through it on; nil to print it.
    ///   - style: The style to draw in.
    ///   - output: Where the blocks go.
    ///   - errors: Where errors and warnings go.
    /// - Returns: The exit status: 0, or 1 when the log cannot be replayed.
    static func step(
        path: String, terminal: Terminal?, style: RenderStyle, output: any TextOutput,
        errors: any TextOutput
    ) -> Int32 {
        let recording: Recording<ThreeDucksAction>
        switch load(path: path) {
        case .failure(let failure):
            errors.write(failure.message + "\n")
            return 1
        case .success(let loaded):
            recording = loaded
        }
        if let torn = recording.tornLastLine {
            errors.write("three-ducks: warning: \(torn)\n")
        }
        let timeline = ReplayTimeline(recording)
        if let terminal {
            ReplayInspector(timeline: timeline, name: path, style: style).run(on: terminal)
            return 0
        }
        var style = style
        style.clearsScreen = false
        let renderer = Renderer(style: style)
        output.write("Stepping through \(path): \(count(timeline.count)), one block each.\n")
        timeline.forEachStep { step in
            output.write("\n" + renderer.block(for: step, of: timeline.count))
        }
        output.write("\nReplayed \(count(timeline.count)) from \(path).\n")
        output.write(renderer.finalState(timeline.state(after: timeline.count)))
        return 0
    }
}

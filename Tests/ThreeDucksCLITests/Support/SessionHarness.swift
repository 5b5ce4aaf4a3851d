import Effects
import Foundation
import ReduxRecording
import TestSupport
import ThreeDucks
@testable import three_ducks

/// A session on virtual time, writing to a buffer: the game in-process, without waiting.
///
/// High scores go to a file in a temporary folder, read and written on the same
/// `TestScheduler`; a score is dated `fixedDate`.
final class SessionHarness {
    let scheduler = TestScheduler()
    let output = OutputBuffer()
    let bell = OutputBuffer()
    let folder: TemporaryDirectory
    let session: Session

    init(
        seed: UInt64 = 42,
        difficulty: Difficulty? = .easy,
        highScorePath: String? = nil,
        recording: (any LineSink)? = nil,
        sounds: Sounds = .visible,
        style: RenderStyle = .plain,
        prompt: String? = nil
    ) throws {
        folder = try TemporaryDirectory()
        let bell = bell
        let configuration = Session.Configuration(
            difficulty: difficulty,
            seed: seed,
            highScoreFile: HighScoreFile(path: highScorePath ?? folder.file("high-scores.json")),
            recording: recording,
            style: style,
            prompt: prompt,
            sounds: sounds == .muted
                ? .muted : .visible(bell: sounds == .visibleWithBell ? bell : nil),
            now: { fixedDate }
        )
        session = Session(
            configuration: configuration, scheduler: scheduler, ioScheduler: scheduler,
            output: output)
    }

    enum Sounds { case muted, visible, visibleWithBell }

    var state: ThreeDucksState {
        session.store.state
    }

    /// Begins, lets the high scores load, and draws the title; returns what was printed.
    @discardableResult
    func start() -> String {
        session.begin()
        scheduler.run()
        session.show()
        return output.take()
    }

    /// Types `line` like a patient player: everything it sets off runs to the end.
    @discardableResult
    func type(_ line: String) -> Session.LineOutcome {
        let outcome = session.handle(line)
        scheduler.run()
        return outcome
    }

    /// Types `line` without letting any time pass, like a quick player at a terminal.
    @discardableResult
    func typeQuickly(_ line: String) -> Session.LineOutcome {
        session.handle(line)
    }
}

import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct TerminalSoundPlayerTests {
    @Test("the terminal sound player rings the bell and posts the cue to be shown")
    func soundPlayer() {
        let bell = OutputBuffer()
        let board = CueBoard()
        let player = TerminalSoundPlayer(cues: board, bell: bell)
        player.play(.quack)
        player.play(.match)
        #expect(bell.take() == "\u{7}\u{7}")
        #expect(board.take() == [.quack, .match])
        #expect(board.take() == [])

        TerminalSoundPlayer(cues: board, bell: nil).play(.win)
        #expect(board.take() == [.win])
    }
}

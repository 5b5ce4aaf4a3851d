import Testing
@testable import three_ducks

@Suite struct ScreenPainterTests {
    @Test("the first paint clears the screen and writes every row that has text")
    func firstPaint() {
        var painter = ScreenPainter()
        let text = painter.paint(["", "title", "", "grid"])
        #expect(
            text == "\u{1B}[0m\u{1B}[H\u{1B}[2J"
                + "\u{1B}[2;1Htitle\u{1B}[0m\u{1B}[K"
                + "\u{1B}[4;1Hgrid\u{1B}[0m\u{1B}[K")
        #expect(painter.painted == ["", "title", "", "grid"])
    }

    @Test("the next paint writes only the rows that changed, and clears rows that are gone")
    func onlyChangedRows() {
        var painter = ScreenPainter()
        _ = painter.paint(["header", "a [ ] [ ]", "b [ ] [ ]", "keys"])
        #expect(
            painter.paint(["header", "a [ ] [X]", "b [ ] [ ]", "keys"])
                == "\u{1B}[2;1Ha [ ] [X]\u{1B}[0m\u{1B}[K")
        #expect(
            painter.paint(["header", "a [ ] [X]"])
                == "\u{1B}[3;1H\u{1B}[0m\u{1B}[K\u{1B}[4;1H\u{1B}[0m\u{1B}[K")
        #expect(
            painter.paint(["header", "a [ ] [X]", "", "more"])
                == "\u{1B}[3;1H\u{1B}[0m\u{1B}[K\u{1B}[4;1Hmore\u{1B}[0m\u{1B}[K")
        #expect(
            painter.paint(["header", "a [ ] [X]", "", "more"]) == "",
            "nothing changed, nothing written")
    }

    @Test("after invalidate, the next paint starts from a cleared screen")
    func invalidate() {
        var painter = ScreenPainter()
        _ = painter.paint(["one", "two"])
        painter.invalidate()
        #expect(
            painter.paint(["one", "two"])
                == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hone\u{1B}[0m\u{1B}[K\u{1B}[2;1Htwo\u{1B}[0m\u{1B}[K"
        )
    }
}

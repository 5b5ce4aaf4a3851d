import Testing
@testable import three_ducks

@Suite struct TextWidthTests {
    @Test(
        "ASCII takes a column a character; emoji and wide characters two; escapes, combining marks and selectors none"
    )
    func widths() {
        #expect(TextWidth.of("b3 flips") == 8)
        #expect(TextWidth.of("🦆 DUCK") == 7)
        #expect(TextWidth.of("\u{1B}[1;33mTHREE\u{1B}[0m") == 5)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("⚠\u{FE0F}") == 1)
        #expect(TextWidth.of("漢字") == 4)
        #expect(TextWidth.of("░·×←♪") == 5)
    }

    @Test("truncated: cut to the width with a marker, escapes kept and reset after the cut")
    func truncated() {
        #expect(TextWidth.truncated("short", to: 10) == "short")
        #expect(TextWidth.truncated("a long sentence", to: 6) == "a lon…")
        #expect(TextWidth.truncated("🦆🦆🦆", to: 5) == "🦆🦆…")
        let colored = TextWidth.truncated("\u{1B}[31mwarning text\u{1B}[0m", to: 5)
        #expect(colored == "\u{1B}[31mwarn…\u{1B}[0m")
        #expect(TextWidth.of(colored) == 5)
        #expect(TextWidth.truncated("abc", to: 1) == ".")
    }

    @Test("wrapped: between words, never wider than asked; a longer word is cut")
    func wrapped() {
        let lines = TextWidth.wrapped(
            "Find the pairs: turn two cards at a time, in as few moves as you can.", width: 20)
        #expect(
            lines == [
                "Find the pairs: turn", "two cards at a time,", "in as few moves as", "you can.",
            ])
        #expect(TextWidth.wrapped("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(TextWidth.wrapped("", width: 5) == [""])
        #expect(TextWidth.wrapped("one\ntwo", width: 10) == ["one", "two"])
    }
}

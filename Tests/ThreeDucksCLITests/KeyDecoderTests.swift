import Testing
@testable import three_ducks

@Suite struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test("text is read as characters, UTF-8 included")
    func text() {
        #expect(
            decode("b3 ?") == [.character("b"), .character("3"), .character(" "), .character("?")])
        #expect(decode("é🦆") == [.character("é"), .character("🦆")])
    }

    @Test(
        "control keys: Enter (CR, LF, or CR LF once), Tab, Backspace, Ctrl-C, Ctrl-D, Ctrl-Z, Ctrl-L"
    )
    func controlKeys() {
        #expect(decode("\r") == [.enter])
        #expect(decode("\n") == [.enter])
        #expect(decode("\r\n\r") == [.enter, .enter])
        #expect(decode("\t") == [.tab])
        #expect(decode([0x7F, 0x08]) == [.backspace, .backspace])
        #expect(
            decode([0x03, 0x04, 0x1A, 0x0C, 0x01]) == [
                .interrupt, .endOfInput, .suspend, .redraw, .control(0x01),
            ])
    }

    @Test("a line feed right after a carriage return read earlier is the same Enter")
    func carriageReturnThenLineFeedInTwoReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x0D]) == [.enter])
        #expect(decoder.decode([0x0A, 0x0A]) == [.enter])
    }

    @Test(
        "arrows, Home, End, Page Up and Down, Insert, Delete, in every form terminals send",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[2~", .insert),
            ("\u{1B}[3~", .delete),
        ])
    func sequences(_ sequence: String, key: Key) {
        #expect(decode(sequence) == [key])
    }

    @Test("SGR mouse reports: button, cell, press or release, wheel, motion")
    func sgrMouse() {
        #expect(
            decode("\u{1B}[<0;12;5M") == [.mouse(MouseReport(button: .left, column: 12, row: 5))])
        #expect(
            decode("\u{1B}[<0;12;5m") == [
                .mouse(MouseReport(button: .left, column: 12, row: 5, isRelease: true))
            ])
        #expect(
            decode("\u{1B}[<2;1;1M") == [.mouse(MouseReport(button: .right, column: 1, row: 1))])
        #expect(
            decode("\u{1B}[<64;300;200M") == [
                .mouse(MouseReport(button: .wheelUp, column: 300, row: 200))
            ])
        #expect(
            decode("\u{1B}[<65;3;4M") == [
                .mouse(MouseReport(button: .wheelDown, column: 3, row: 4))
            ])
        #expect(
            decode("\u{1B}[<32;3;4M") == [
                .mouse(MouseReport(button: .left, column: 3, row: 4, isMotion: true))
            ])
        #expect(
            decode("\u{1B}[<16;3;4M") == [.mouse(MouseReport(button: .left, column: 3, row: 4))],
            "Ctrl held")
        if case .mouse(let report) = decode("\u{1B}[<0;12;5M").first {
            #expect(report.isLeftPress)
        }
        if case .mouse(let report) = decode("\u{1B}[<0;12;5m").first {
            #expect(!report.isLeftPress)
        }
    }

    @Test("X10 mouse reports: three bytes after ESC [ M, each 32 more than its value")
    func x10Mouse() {
        #expect(
            decode([0x1B, 0x5B, 0x4D, 32, 32 + 12, 32 + 5]) == [
                .mouse(MouseReport(button: .left, column: 12, row: 5))
            ])
        #expect(
            decode([0x1B, 0x5B, 0x4D, 32 + 3, 33, 33]) == [
                .mouse(MouseReport(button: .unnamed, column: 1, row: 1, isRelease: true))
            ])
        #expect(
            decode([0x1B, 0x5B, 0x4D, 32 + 64, 200, 33]) == [
                .mouse(MouseReport(button: .wheelUp, column: 168, row: 1))
            ])
    }

    @Test("a stream split anywhere, even a byte at a time, decodes to the same keys")
    func splitAnywhere() {
        let stream =
            Array("a\u{1B}[A\u{1B}[<0;12;5Mé\u{1B}OD\u{1B}[5~🦆\r\n\u{1B}[<64;3;4m3".utf8)
            + [0x1B, 0x5B, 0x4D, 32, 44, 37] + Array("z".utf8)
        let whole = decode(stream)
        #expect(whole.count == 12)
        for split in 1..<stream.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(stream[..<split]) + decoder.decode(stream[split...])
            #expect(keys == whole, "split at \(split)")
            #expect(!decoder.hasPendingBytes)
        }
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in stream {
            keys += decoder.decode([byte])
        }
        #expect(keys == whole)
    }

    @Test("a lone Escape waits for the input to pause; then flush makes it the Escape key")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flush() == [])
    }

    @Test("Escape then Escape, or Escape with a letter (Alt): the Escape key, then the rest anew")
    func escapeFollowedByOther() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
        #expect(decode("\u{1B}q") == [.escape, .character("q")])
    }

    @Test(
        "a sequence broken by a byte no sequence holds is unknown, and decoding starts again at that byte"
    )
    func garbled() {
        #expect(
            decode("\u{1B}[1;\u{1}A") == [
                .unknown(Array("\u{1B}[1;".utf8)), .control(0x01), .character("A"),
            ])
        #expect(decode("\u{1B}[\u{1B}[B") == [.unknown([0x1B, 0x5B]), .down])
        #expect(decode("\u{1B}O\u{7F}") == [.unknown([0x1B, 0x4F]), .backspace])
    }

    @Test("a complete sequence the game does not know is unknown, and what follows reads as usual")
    func unknownSequences() {
        #expect(decode("\u{1B}[99~x") == [.unknown(Array("\u{1B}[99~".utf8)), .character("x")])
        #expect(decode("\u{1B}[20X") == [.unknown(Array("\u{1B}[20X".utf8))])
        #expect(decode("\u{1B}OZ") == [.unknown(Array("\u{1B}OZ".utf8))])
        #expect(
            decode("\u{1B}[<0;5M") == [.unknown(Array("\u{1B}[<0;5M".utf8))],
            "a mouse report with two fields")
        #expect(decode("\u{1B}[<0;5;6;7M") == [.unknown(Array("\u{1B}[<0;5;6;7M".utf8))])
        #expect(
            decode("\u{1B}[<0;99999999;6M") == [.unknown(Array("\u{1B}[<0;99999999;6M".utf8))],
            "a number too long")
        #expect(
            decode("\u{1B}[<0;5;6Ab") == [.unknown(Array("\u{1B}[<0;5;6A".utf8)), .character("b")])
    }

    @Test("a runaway sequence is given up on at the longest length: memory stays bounded")
    func runaway() {
        var decoder = KeyDecoder()
        let digits = [UInt8](repeating: UInt8(ascii: "1"), count: 1_000)
        let keys = decoder.decode([0x1B, 0x5B] + digits)
        #expect(
            keys.first == .unknown([0x1B, 0x5B] + digits.prefix(KeyDecoder.longestSequence - 1)))
        #expect(keys.dropFirst().allSatisfy { $0 == .character("1") })
        #expect(keys.count == 1 + 1_000 - (KeyDecoder.longestSequence - 1))
        #expect(!decoder.hasPendingBytes)
    }

    @Test(
        "bytes that are not UTF-8 are unknown one by one; a character cut short waits, then flush gives it up"
    )
    func invalidUTF8() {
        #expect(decode([0xFF, 0x61]) == [.unknown([0xFF]), .character("a")])
        #expect(decode([0xC3, 0x61]) == [.unknown([0xC3]), .character("a")])
        #expect(decode([0x80]) == [.unknown([0x80])])
        #expect(
            decode([0xC2, 0x85]) == [.unknown([0xC2]), .unknown([0x85])], "a C1 control is no text")
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE2, 0x82]) == [])
        #expect(decoder.flush() == [.unknown([0xE2, 0x82])])
    }

    @Test("a sequence cut short by a pause is flushed as unknown, not as keys")
    func flushedPartialSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[<0;12".utf8)) == [])
        #expect(decoder.flush() == [.unknown(Array("\u{1B}[<0;12".utf8))])
        #expect(decoder.decode(Array("x".utf8)) == [.character("x")])
    }
}

import Testing
@testable import three_ducks

@Suite struct LineReaderTests {
    /// A reader over `input`, handed out `chunk` bytes at a time.
    private func reader(_ input: [UInt8], chunk: Int = 7, limit: Int = 16) -> LineReader {
        var offset = 0
        return LineReader(limit: limit, chunkSize: chunk) { buffer in
            let count = min(buffer.count, input.count - offset)
            buffer.copyBytes(from: input[offset..<offset + count])
            offset += count
            return count
        }
    }

    private func lines(_ reader: LineReader) -> [LineReader.Line] {
        var lines: [LineReader.Line] = []
        while let line = reader.next() {
            lines.append(line)
        }
        return lines
    }

    @Test(
        "lines split across chunks, \\r\\n endings, empty lines and a last line without a newline",
        arguments: [1, 2, 7, 64])
    func lines(chunk: Int) {
        let input = Array("new\r\na1\n\n  b3  \nquit".utf8)
        #expect(
            lines(reader(input, chunk: chunk)) == [
                .text("new"), .text("a1"), .text(""), .text("  b3  "), .text("quit"),
            ])
    }

    @Test("no input, or input ending with a newline, has no line after the last")
    func endOfInput() {
        #expect(lines(reader([])) == [])
        #expect(lines(reader(Array("a1\n".utf8))) == [.text("a1")])
    }

    @Test(
        "a line of the limit is read; one byte more is too long, and the next line is read as usual",
        arguments: [1, 5, 64])
    func limit(chunk: Int) {
        let atLimit = String(repeating: "x", count: 16)
        let input = Array("\(atLimit)\n\(atLimit)y\n\(atLimit)\r\nq".utf8)
        #expect(
            lines(reader(input, chunk: chunk)) == [
                .text(atLimit), .tooLong, .text(atLimit), .text("q"),
            ])
    }

    @Test(
        "a line of 64 MiB is dropped in fixed chunks: it is never kept, and the next lines are read"
    )
    func hugeLine() {
        let size = 64 * 1_024 * 1_024
        var offset = 0
        var largestChunk = 0
        let reader = LineReader(limit: 4_096) { buffer in
            largestChunk = max(largestChunk, buffer.count)
            // The huge line, then two short ones, made up as they are read.
            let script = Array("\nnew\nb3\n".utf8)
            if offset < size {
                let count = min(buffer.count, size - offset)
                buffer.baseAddress!.initializeMemory(
                    as: UInt8.self, repeating: UInt8(ascii: "a"), count: count)
                offset += count
                return count
            }
            let count = min(buffer.count, size + script.count - offset)
            buffer.copyBytes(from: script[(offset - size)..<(offset - size + count)])
            offset += count
            return count
        }
        #expect(lines(reader) == [.tooLong, .text("new"), .text("b3")])
        #expect(largestChunk == 64 * 1_024)
    }

    @Test("bytes that are not UTF-8 are replaced, as readLine() does")
    func invalidUTF8() {
        #expect(lines(reader([0x61, 0xFF, 0x31, 0x0A])) == [.text("a\u{FFFD}1")])
    }
}

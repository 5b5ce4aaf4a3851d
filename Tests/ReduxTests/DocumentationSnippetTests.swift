import Foundation
import Testing

// Every Swift example the documentation shows is compiled and run: each ```swift block of the
// README, of the DocC articles (Sources/<Module>/<Module>.docc) and of the doc comments of the
// library modules must appear in a test under Tests/ or in an app of Examples/Apps (which CI
// builds and tests), line for line. So an example cannot drift from the code without a test
// failing: change the example and the test together.
//
// "Line for line" means: the block's lines, without their indentation and with runs of spaces
// taken as one, are consecutive lines of one test file, blank lines aside; its first line may
// be the end of a longer one (an expression shown alone is `let x = <expression>` in the test);
// and the test file imports every module the block imports. A block that cannot be compiled
// (a manifest, an outline with `…`, API still on another branch) says so, and why, in an HTML
// comment on the line before it, which the README and DocC do not show:
//
//     <!-- not compiled: a package manifest -->
//
// In a doc comment, that line is `/// <!-- not compiled: … -->`.

@Suite struct DocumentationSnippetTests {
    @Test("every swift example in the README, the articles and the doc comments is in a test")
    func everySnippetIsCompiled() throws {
        let tests = try TestSources.all()
        for document in try documents() {
            for snippet in document.snippets
            where snippet.skipReason == nil && !tests.contain(snippet) {
                Issue.record(
                    """
                    \(document.path):\(snippet.line): this swift block is in no test under Tests/. \
                    Copy it into a test (as it is, indentation aside), or mark it \
                    <!-- not compiled: why --> on the line before. It begins:
                    \(snippet.lines.prefix(3).joined(separator: "\n"))
                    """
                )
            }
        }
    }

    @Test("an example that is not compiled says why")
    func skippedSnippetsGiveAReason() throws {
        for document in try documents() {
            for snippet in document.snippets {
                if let reason = snippet.skipReason {
                    #expect(
                        !reason.isEmpty,
                        "\(document.path):\(snippet.line): say why it is not compiled")
                }
            }
        }
    }

    @Test("the documents hold swift examples to check")
    func documentsAreFound() throws {
        let documents = try documents()
        let paths = Set(documents.map(\.path))
        #expect(paths.contains("README.md"))
        #expect(paths.contains("Sources/Redux/Redux.docc/GettingStarted.md"))
        #expect(paths.contains("Sources/Effects/Runtime/Effect.swift"))
        #expect(documents.reduce(0) { $0 + $1.snippets.count } > 50)
    }

    @Test("every row of the Performance article's figures names a case of the benchmarks")
    func performanceFiguresNameBenchmarkCases() throws {
        let article = try readPackageFile("Sources/Redux/Redux.docc/Performance.md")
        let names = benchmarkTable(in: article).dropFirst(2).map {
            $0.split(separator: "|", omittingEmptySubsequences: false)[1]
                .trimmingCharacters(in: .whitespaces)
        }
        #expect(names.count > 10)
        let cases = try packageFiles(under: "Benchmarks").filter { $0.hasSuffix(".swift") }
            .flatMap { benchmarkNamePatterns(in: try readPackageFile($0)) }
        for name in names {
            #expect(
                cases.contains { $0.matches(name) },
                "Performance.md shows '\(name)', which no benchmark case is named")
        }
        #expect(!cases.contains { $0.matches("store: a case the benchmarks do not have") })
    }

    @Test("the README stays a quick start: at most 350 lines, with the two commands")
    func readmeIsShort() throws {
        let readme = try readPackageFile("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 350, "README.md has \(lines.count) lines; move detail to an article")
        #expect(lines.contains("swift run three-ducks --autoplay"))
        #expect(lines.contains("swift test"))
    }

    @Test("the README's links to files lead to files that exist")
    func readmeLinksResolve() throws {
        let readme = try String(
            contentsOf: packageRoot.appending(path: "README.md"), encoding: .utf8)
        let targets = readme.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)/).map { String($0.output.1) }
            .filter { !$0.contains("://") }
        #expect(targets.contains { $0.hasSuffix(".docc/GettingStarted.md") })
        for target in targets {
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appending(path: target).path),
                "README.md links to \(target), which does not exist"
            )
        }
    }

    // MARK: The matching itself

    @Test("a snippet is found whatever its indentation, spacing and blank lines")
    func matchesModuloLayout() {
        let tests = TestSources(files: [
            TestSource(
                text: """
                    import Redux
                    import Testing

                    @Suite struct Examples {
                        @Test func example() {
                            let store = Store(initial: 0,
                                              reducer: { state, _ in state })

                            store.dispatch(())   // nothing changes
                        }
                    }
                    """)
        ])
        #expect(
            tests.contain(
                Snippet(
                    line: 1,
                    lines: [
                        "import Redux",
                        "let store = Store(initial: 0,",
                        "    reducer: { state, _ in state })",
                        "store.dispatch(())  // nothing changes",
                    ])))
        #expect(
            tests.contain(
                Snippet(line: 1, lines: ["Store(initial: 0,", "reducer: { state, _ in state })"])))
    }

    @Test(
        "a snippet with a line changed, lines out of order, or an import the test lacks, is not found"
    )
    func rejectsDrift() {
        let tests = TestSources(files: [
            TestSource(
                text: """
                    import Redux
                    let first = 1
                    let second = 2
                    """)
        ])
        #expect(tests.contain(Snippet(line: 1, lines: ["let first = 1", "let second = 2"])))
        #expect(!tests.contain(Snippet(line: 1, lines: ["let first = 1", "let second = 3"])))
        #expect(!tests.contain(Snippet(line: 1, lines: ["let second = 2", "let first = 1"])))
        #expect(!tests.contain(Snippet(line: 1, lines: ["let first = 1", "", "let third = 3"])))
        #expect(!tests.contain(Snippet(line: 1, lines: ["import Effects", "let first = 1"])))
        #expect(!tests.contain(Snippet(line: 1, lines: ["let first = 1", "second = 2"])))
    }

    @Test("blocks are read from markdown and doc comments, with their reason not to be compiled")
    func readsBlocks() {
        let markdown = Document(
            path: "A.md",
            markdown: """
                Text.

                ```swift
                let a = 1
                ```

                <!-- not compiled: an outline -->
                ```swift
                let b = …
                ```

                ```sh
                swift test
                ```
                """)
        #expect(markdown.snippets.map(\.lines) == [["let a = 1"], ["let b = …"]])
        #expect(markdown.snippets.map(\.line) == [3, 8])
        #expect(markdown.snippets.map(\.skipReason) == [nil, "an outline"])

        let source = Document(
            path: "A.swift",
            swift: """
                /// Does a thing.
                ///
                /// ```swift
                /// thing()
                ///     .again()
                /// ```
                func thing() {}
                // ```swift
                // not a doc comment
                // ```
                """)
        #expect(source.snippets.map(\.lines) == [["thing()", "    .again()"]])
    }
}

// MARK: - Reading

/// The package's root folder: this file is Tests/ReduxTests/DocumentationSnippetTests.swift.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The library modules, whose doc comments' examples are checked: the four DocC publishes, and
/// the game's.
private let documentedModules = [
    "Effects", "Redux", "ReduxTesting", "ReduxRecording", "ThreeDucks",
]

/// The README, every article of the DocC catalogs, and the sources of the documented modules.
private func documents() throws -> [Document] {
    var documents = [try Document(path: "README.md", markdown: readPackageFile("README.md"))]
    for module in documentedModules {
        for path in try packageFiles(under: "Sources/\(module)") {
            if path.hasSuffix(".md") {
                documents.append(Document(path: path, markdown: try readPackageFile(path)))
            } else if path.hasSuffix(".swift") {
                documents.append(Document(path: path, swift: try readPackageFile(path)))
            }
        }
    }
    return documents
}

private func readPackageFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appending(path: path), encoding: .utf8)
}

/// The files under a folder of the package, as paths from its root, in a stable order; a build
/// folder (an example package's `.build`) is skipped.
private func packageFiles(under folder: String) throws -> [String] {
    let base = packageRoot.appending(path: folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else {
        throw MissingFolder(path: base.path)
    }
    var files: [String] = []
    while let path = walker.nextObject() as? String {
        if path == ".build" || path.hasSuffix("/.build") {
            walker.skipDescendants()
        } else {
            files.append("\(folder)/\(path)")
        }
    }
    return files.sorted()
}

/// The names a benchmark source can give its cases: its string literals that read
/// `"group: what"`, literals joined by `+` taken as one, each `\(…)` in one standing for any
/// text (`"store: counter, \(count) .none middleware\(count == 1 ? "" : "s")"`).
private func benchmarkNamePatterns(in source: String) -> [BenchmarkNamePattern] {
    let joined =
        source
        .replacing(/\\\((?:[^()]|\([^()]*\))*\)/, with: "\u{1}")
        .replacing(/"\s*\+\s*"/, with: "")
    return joined.matches(of: /"([^"\n]*)"/).map { String($0.output.1) }
        .filter { $0.split(separator: "\u{1}").first?.contains(": ") == true }
        .map {
            BenchmarkNamePattern(
                pieces: $0.split(separator: "\u{1}", omittingEmptySubsequences: false).map(
                    String.init))
        }
}

/// A benchmark case's name as its source writes it: fixed pieces, any text between them.
private struct BenchmarkNamePattern {
    var pieces: [String]

    /// Whether `name` is the pieces in order, with any text where the source interpolates.
    func matches(_ name: String) -> Bool {
        guard let first = pieces.first, let last = pieces.last, name.hasPrefix(first) else {
            return false
        }
        if pieces.count == 1 { return name == first }
        var rest = name.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(last)
    }
}

struct MissingFolder: Error {
    var path: String
}

/// The lines of a document's first benchmark table (the one whose header starts `| Case |`).
private func benchmarkTable(in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| Case |") }) else { return [] }
    return Array(lines[header...].prefix { $0.hasPrefix("|") })
}

/// A ```swift block of a document.
struct Snippet {
    /// The line of the opening fence, counted from 1.
    var line: Int
    /// The block's lines as written, without the fences (and without `/// ` in a doc comment).
    var lines: [String]
    /// Why the block is not compiled, from `<!-- not compiled: … -->` on the line before it.
    var skipReason: String?
}

/// A file of documentation, with its swift blocks.
struct Document {
    var path: String
    var snippets: [Snippet]

    /// Reads the blocks of a markdown file.
    init(path: String, markdown: String) {
        self.path = path
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        snippets = Document.blocks(in: lines.enumerated().map { ($0.offset + 1, $0.element) })
    }

    /// Reads the blocks of the doc comments (`///`) of a Swift file.
    init(path: String, swift: String) {
        self.path = path
        var comment: [(Int, String)] = []
        var snippets: [Snippet] = []
        for (offset, line) in swift.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("///") {
                var text = trimmed.dropFirst(3)
                if text.first == " " { text = text.dropFirst() }
                comment.append((offset + 1, String(text)))
            } else if !comment.isEmpty {
                snippets += Document.blocks(in: comment)
                comment = []
            }
        }
        self.snippets = snippets + Document.blocks(in: comment)
    }

    private static func blocks(in lines: [(number: Int, text: String)]) -> [Snippet] {
        var snippets: [Snippet] = []
        var open: Snippet?
        var previous = ""   // the last non-blank line outside a block
        for (number, text) in lines {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if var snippet = open {
                if trimmed == "```" {
                    snippets.append(snippet)
                    open = nil
                } else {
                    snippet.lines.append(text)
                    open = snippet
                }
            } else if trimmed == "```swift" {
                open = Snippet(line: number, lines: [], skipReason: skipReason(previous))
            } else if !trimmed.isEmpty {
                previous = trimmed
            }
        }
        return snippets
    }

    /// The reason in `<!-- not compiled: reason -->`, or nil for any other line.
    private static func skipReason(_ line: String) -> String? {
        guard let match = line.wholeMatch(of: /<!--\s*not compiled:(.*)-->/) else { return nil }
        return match.output.1.trimmingCharacters(in: .whitespaces)
    }
}

/// A Swift file of the tests, as the matching sees it.
struct TestSource {
    /// Its non-blank lines, trimmed, runs of spaces taken as one.
    var lines: [String]
    /// The same lines, to rule the file out quickly.
    var lineSet: Set<String>
    /// The modules it imports.
    var imports: Set<String>

    init(text: String) {
        lines = text.split(separator: "\n").map(normalized).filter { !$0.isEmpty }
        lineSet = Set(lines)
        imports = Set(lines.filter { $0.hasPrefix("import ") })
    }
}

/// Swift files of the tests.
struct TestSources {
    var files: [TestSource]

    init(files: [TestSource]) {
        self.files = files
    }

    /// Every Swift file under Tests/ but this one, whose own tests hold made-up examples, and
    /// the example apps' sources and tests (Examples/Apps, which CI builds and tests), which the
    /// walk-throughs quote.
    static func all() throws -> TestSources {
        let this = "Tests/ReduxTests/DocumentationSnippetTests.swift"
        let paths = try packageFiles(under: "Tests") + packageFiles(under: "Examples/Apps")
        return TestSources(
            files: try paths.filter {
                $0.hasSuffix(".swift") && $0 != this && !$0.hasSuffix("Package.swift")
            }
            .map { TestSource(text: try readPackageFile($0)) })
    }

    /// Whether one test file holds `snippet`, line for line (see the top of this file).
    func contain(_ snippet: Snippet) -> Bool {
        let lines = snippet.lines.map(normalized).filter { !$0.isEmpty }
        let imports = Set(lines.filter { $0.hasPrefix("import ") })
        let body = lines.filter { !$0.hasPrefix("import ") }
        return files.contains { file in
            guard imports.isSubset(of: file.imports),
                body.dropFirst().allSatisfy(file.lineSet.contains)
            else { return false }
            guard let first = body.first else { return true }
            return file.lines.indices.contains { start in
                guard start + body.count <= file.lines.count,
                    file.lines[start] == first || file.lines[start].hasSuffix(" " + first)
                else {
                    return false
                }
                return zip(file.lines[start + 1..<start + body.count], body.dropFirst()).allSatisfy(
                    ==)
            }
        }
    }
}

/// A line without its indentation, runs of spaces and tabs taken as one space.
private func normalized(_ line: some StringProtocol) -> String {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
}

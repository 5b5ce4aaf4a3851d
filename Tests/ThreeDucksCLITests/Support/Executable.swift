import Effects
import Foundation
import TestSupport
import Testing

/// What a run of the `three-ducks` executable printed, and how it ended.
struct ExecutableResult {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// The lines of standard output.
    var lines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Runs the built `three-ducks` executable, in the manner of swift-argument-parser's
/// `AssertExecuteCommand`: `input` is piped in (then closed), and the outputs are read whole.
///
/// Standard input, output and error are files in `folder`, so nothing can fill a pipe and
/// block. The process is killed if it runs for more than 30 seconds, which fails the test.
///
/// - Parameters:
///   - arguments: The arguments after the program's name.
///   - input: The text piped to standard input.
///   - inputFile: A file to read standard input from instead of `input`: for inputs too large
///     to hold in the test's memory.
///   - folder: A temporary folder for the three files.
///   - environment: Variables to add to the environment; `NO_COLOR` is always removed so that
///     a test checks that piped output is plain by itself.
///   - dataLimitKiB: If given, the child runs under this limit on its data segment (the shell's
///     `ulimit -d`), so that allocating more than that makes it fail instead of succeed.
func runThreeDucks(
    _ arguments: [String],
    input: String = "",
    inputFile: String? = nil,
    in folder: TemporaryDirectory,
    environment: [String: String] = [:],
    dataLimitKiB: Int? = nil
) throws -> ExecutableResult {
    let executable = try threeDucksExecutable()
    let name = UUID().uuidString
    let inputPath = inputFile ?? folder.file("\(name).stdin")
    let outputPath = folder.file("\(name).stdout")
    let errorPath = folder.file("\(name).stderr")
    if inputFile == nil {
        try folder.write(input, to: "\(name).stdin")
    }
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)

    let process = Process()
    if let dataLimitKiB {
        // The shell sets the limit, then becomes the game (`exec`), with the same arguments.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -d \(dataLimitKiB) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
        process.executableURL = executable
        process.arguments = arguments
    }
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment["NO_COLOR"] = nil
    processEnvironment.merge(environment) { _, new in new }
    process.environment = processEnvironment
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    let standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    defer {
        try? standardInput.close()
        try? standardOutput.close()
        try? standardError.close()
    }
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError

    try process.run()
    let watchdog = Watchdog(process)
    DispatchQueue.global().asyncAfter(deadline: .now() + 30) { watchdog.kill() }
    process.waitUntilExit()
    watchdog.disarm()
    #expect(
        process.terminationReason == .exit,
        "three-ducks \(arguments) was killed (it hung, or crashed)")

    return ExecutableResult(
        standardOutput: folder.contents(of: "\(name).stdout") ?? "",
        standardError: folder.contents(of: "\(name).stderr") ?? "",
        status: process.terminationStatus
    )
}

/// The `three-ducks` executable that `swift test` built next to the test bundle.
func threeDucksExecutable() throws -> URL {
    var candidates: [URL] = []
    let bundle = Bundle.main.bundleURL
    candidates.append(bundle)
    candidates.append(bundle.deletingLastPathComponent())
    if let first = CommandLine.arguments.first {
        candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for folder in candidates {
        let url = folder.appendingPathComponent("three-ducks")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw ExecutableNotFound(searched: candidates.map(\.path))
}

struct ExecutableNotFound: Error, CustomStringConvertible {
    var searched: [String]

    var description: String {
        "the three-ducks executable was not found in \(searched); build it with swift build"
    }
}

/// Kills a process that runs too long; does nothing once disarmed.
private final class Watchdog: Sendable {
    // `Process` is not Sendable; it is only touched here under the lock, and `terminate` is
    // safe from any thread.
    private struct Box: @unchecked Sendable {   // touched only under the lock (see above)
        let process: Process
    }

    private let box: Lock<Box?>

    init(_ process: Process) {
        box = Lock(Box(process: process))
    }

    func kill() {
        box.withLock { box in
            if let process = box?.process, process.isRunning { process.terminate() }
            box = nil
        }
    }

    func disarm() {
        box.withLock { $0 = nil }
    }
}

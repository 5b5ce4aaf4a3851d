import Foundation

/// A fresh, empty folder for one test, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "ReduxRecordingTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The contents of `name`, as text.
    func contents(of name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }
}

extension TemporaryDirectory {
    /// Appends `text` to the file at `path` as is, with no newline: a torn write.
    ///
    /// - Returns: `text`.
    @discardableResult
    static func appendRaw(_ text: String, to path: String) throws -> String {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        return text
    }
}

import Foundation

/// A fresh, empty folder for one test, removed (with everything in it) when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "ThreeDucksCLITests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name`.
    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The contents of `name` as text, or nil if there is no such file.
    func contents(of name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in the folder, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

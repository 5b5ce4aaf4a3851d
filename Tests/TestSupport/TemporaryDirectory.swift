import Foundation

/// A fresh, empty folder for one test, removed with everything in it when released.
///
/// A test may take permissions away inside it (to check what the game does with a file it may
/// not read); they are given back before the folder goes, so that everything goes.
public final class TemporaryDirectory: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes a folder of its own under the system's temporary folder.
    public init() throws {
        path = NSTemporaryDirectory() + "ThreeDucksTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if let names = FileManager.default.enumerator(atPath: path) {
            for case let name as String in names {
                _ = try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: file(name))
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `bytes` to `name`, replacing it.
    public func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    /// Writes `text` to `name`, replacing it.
    public func write(_ text: String, to name: String) throws {
        try write(Array(text.utf8), to: name)
    }

    /// Appends `text` to `name` as it is, with no newline: what a write cut short leaves.
    ///
    /// - Returns: `text`.
    @discardableResult
    public func append(_ text: String, to name: String) throws -> String {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file(name)))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        return text
    }

    /// The contents of `name` as text, or nil if there is no such file.
    public func contents(of name: String) -> String? {
        bytes(of: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of `name`, or nil if there is no such file.
    public func bytes(of name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { Array($0) }
    }

    /// The names in the folder, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Sets the permission bits of `name` (of the folder itself when `name` is empty).
    public func setPermissions(_ mode: Int, of name: String = "") throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: mode],
            ofItemAtPath: name.isEmpty ? path : file(name)
        )
    }
}

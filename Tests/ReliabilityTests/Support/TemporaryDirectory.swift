import Foundation

/// A fresh, empty folder for one test, removed (with everything in it) when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "ReliabilityTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have taken permissions away; give them back so that everything goes.
        if let names = FileManager.default.enumerator(atPath: path) {
            for case let name as String in names {
                _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file(name))
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `bytes` to `name`, replacing it.
    func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    /// Writes `text` to `name`, replacing it.
    func write(_ text: String, to name: String) throws {
        try write(Array(text.utf8), to: name)
    }

    /// The bytes of `name`, or nil if there is no such file.
    func bytes(of name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { Array($0) }
    }

    /// The names in the folder, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Sets the permission bits of `name` (the folder itself when `name` is empty).
    func setPermissions(_ mode: Int, of name: String = "") throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: mode],
            ofItemAtPath: name.isEmpty ? path : file(name)
        )
    }
}

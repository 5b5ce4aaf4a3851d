#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the high-score file needs, with the system's own error text.
///
/// Written against the C library rather than `FileManager` for three guarantees `FileManager`
/// does not spell out: a save is flushed to disk before it replaces the old file, a rename never
/// overwrites a backup, and every failure says what the system said.
enum FileSystem {
    /// What reading a file found.
    enum ReadResult {
        case missing
        case notARegularFile(NodeKind)
        case contents([UInt8])
        case failed(reason: String)
    }

    /// What is at a path.
    enum NodeKind: Equatable {
        /// Nothing: the path, or one of its folders, does not exist.
        case missing
        /// A regular file: the only thing the game reads or replaces.
        case regularFile
        /// A folder.
        case directory
        /// A device, a named pipe or a socket.
        case other
    }

    /// What is at `path`, following symbolic links, or why that cannot be told.
    static func kind(of path: String) -> Result<NodeKind, FileSystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // ENOTDIR: a parent is a file, so there is nothing here either (saving will say why).
            return errno == ENOENT || errno == ENOTDIR
                ? .success(.missing) : .failure(FileSystemError())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(.regularFile)
        case S_IFDIR: return .success(.directory)
        default: return .success(.other)
        }
    }

    /// `path` with every symbolic link at its end followed: the file that reading and writing
    /// `path` reach. A link that leads nowhere yet gives the path it would create.
    ///
    /// Only the last component is followed; the folders on the way may be links, which the
    /// system follows anyway. Relative targets are read from the link's folder.
    static func resolvingSymbolicLinks(_ path: String) -> Result<String, FileSystemError> {
        var current = path
        // The limit Linux applies to a path's links (ELOOP).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                return .success(current)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { return .failure(FileSystemError()) }
            let target = String(
                decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : parentDirectory(of: current) + "/" + target
        }
        return .failure(FileSystemError(reason: String(cString: strerror(ELOOP))))
    }

    /// Reads the whole file at `path`.
    static func read(_ path: String) -> ReadResult {
        switch kind(of: path) {
        case .failure(let error): return .failed(reason: error.reason)
        case .success(.missing): return .missing
        case .success(.regularFile): break
        case .success(let kind): return .notARegularFile(kind)
        }

        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failed(reason: errorDescription()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                systemRead(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(reason: errorDescription())
            }
            if count == 0 { return .contents(bytes) }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// Renames `path` to the first of `path.<suffix>-1`, `-2`, … that does not exist, never
    /// replacing an existing file.
    ///
    /// It makes the new name a hard link first, which fails if the name is taken, then removes
    /// the old name; on a file system without hard links it checks for the name, then renames.
    ///
    /// - Returns: The new path, or why it failed.
    static func moveAside(_ path: String, suffix: String) -> Result<String, FileSystemError> {
        for number in 1...10_000 {
            let candidate = "\(path).\(suffix)-\(number)"
            if link(path, candidate) == 0 {
                guard unlink(path) == 0 else { return .failure(FileSystemError()) }
                return .success(candidate)
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP:
                var info = stat()
                if lstat(candidate, &info) == 0 { continue }
                guard rename(path, candidate) == 0 else { return .failure(FileSystemError()) }
                return .success(candidate)
            default:
                return .failure(FileSystemError())
            }
        }
        return .failure(FileSystemError(reason: "too many backups already exist"))
    }

    /// Makes the folder at `path` and any missing parents.
    static func makeDirectories(_ path: String) -> FileSystemError? {
        if mkdir(path, 0o755) == 0 { return nil }
        switch errno {
        case EEXIST:
            var info = stat()
            guard stat(path, &info) == 0 else { return FileSystemError() }
            return info.st_mode & S_IFMT == S_IFDIR
                ? nil : FileSystemError(reason: "\(path) is not a folder")
        case ENOENT, ENOTDIR:
            let parent = parentDirectory(of: path)
            guard parent != path else { return FileSystemError() }
            if let error = makeDirectories(parent) { return error }
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return nil }
            return FileSystemError()
        default:
            return FileSystemError()
        }
    }

    /// Replaces the file at `path` with `bytes` so that, whatever happens, `path` holds either
    /// the old contents or the new ones, whole.
    ///
    /// The bytes go to a new temporary file in the same folder, which is flushed to disk
    /// (`fsync`) and then renamed over `path`; the rename is atomic. The folder is flushed too,
    /// so the rename survives a power cut. If anything fails, the temporary file is removed and
    /// `path` is untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> FileSystemError? {
        let folder = parentDirectory(of: path)
        let name = fileName(of: path)
        let temporary = "\(folder)/.\(name).\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return FileSystemError() }
        var failure: FileSystemError? = writeAll(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 {
            failure = FileSystemError()
        }
        if close(descriptor) != 0, failure == nil {
            failure = FileSystemError()
        }
        if failure == nil, rename(temporary, path) != 0 {
            failure = FileSystemError()
        }
        if let failure {
            unlink(temporary)
            return failure
        }
        syncDirectory(folder)
        return nil
    }

    /// Removes the temporary files that saves of `path` killed before their rename left behind.
    ///
    /// ``writeAtomically(_:to:)`` names them `.NAME.PID-RANDOM.tmp`, after the process that
    /// writes them: only those of processes that no longer exist are removed, never one that a
    /// live process may still rename. (A process id the system has since given to another
    /// process keeps its file until that one ends too.)
    static func removeAbandonedTemporaryFiles(of path: String) {
        let folder = parentDirectory(of: path)
        let prefix = "." + fileName(of: path) + "."
        guard let directory = opendir(folder) else { return }
        var abandoned: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { continue }
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let dash = middle.firstIndex(of: "-"), let pid = pid_t(middle[..<dash]), pid > 0,
                UInt32(middle[middle.index(after: dash)...]) != nil
            else { continue }
            // Signal 0 only asks whether the process exists; ESRCH says it does not. EPERM
            // means it exists under another user: its file is left alone.
            if kill(pid, 0) != 0, errno == ESRCH {
                abandoned.append(name)
            }
        }
        closedir(directory)
        for name in abandoned {
            unlink(folder + "/" + name)
        }
    }

    /// The last component of `path`.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder that contains `path` ("." for a bare name, "/" for a top-level entry).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> FileSystemError? {
        bytes.withUnsafeBytes { buffer -> FileSystemError? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileSystemError()
                }
                offset += written
            }
            return nil
        }
    }

    /// Flushes a folder's entries; a failure only weakens durability, so it is ignored.
    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func systemRead(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
    ) -> Int {
        // `FileSystem.read(_:)` hides the C function of the same name.
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func errorDescription() -> String {
        String(cString: strerror(errno))
    }
}

/// A failed file operation, with the system's description of the error.
struct FileSystemError: Error {
    var reason: String

    /// Captures the current `errno`.
    init() {
        reason = FileSystem.errorDescription()
    }

    init(reason: String) {
        self.reason = reason
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held by this process until ``unlock()``.
///
/// Every save of a high-score file, in any process, takes the lock on the file beside it, so
/// that a read, a merge and a write never interleave with another game's. The lock file itself
/// is never removed: removing it while one process holds it would let a second process lock a
/// new file of the same name at the same time. Should someone remove it anyway, ``acquire(_:)``
/// notices that the file it locked is no longer at the path, and locks the new one.
///
/// An advisory lock binds only the processes that ask for it, and is released by the system when
/// its holder ends, however it ends: a process killed while saving never leaves it held.
struct FileLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Opens (creating it if need be) the lock file at `path`, and waits for the lock.
    ///
    /// - Parameter path: The lock file.
    /// - Returns: The lock, held; or why the lock file could not be opened or locked.
    static func acquire(_ path: String) -> Result<FileLock, FileSystemError> {
        while true {
            var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
            if descriptor < 0, errno == EACCES || errno == EROFS {
                // A lock file someone else made, that this user may not write: locking only
                // needs it open. (If it does not exist, this fails as the first attempt did.)
                let reason = FileSystemError()
                descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
                if descriptor < 0 { return .failure(reason) }
            }
            guard descriptor >= 0 else { return .failure(FileSystemError()) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let error = FileSystemError()
                    close(descriptor)
                    return .failure(error)
                }
            }
            // The file locked must still be the one at the path: if it was removed or replaced
            // in the meantime, another process may lock the new one; lock that one too, then.
            var locked = stat()
            var current = stat()
            if fstat(descriptor, &locked) == 0, stat(path, &current) == 0,
                locked.st_dev == current.st_dev, locked.st_ino == current.st_ino
            {
                return .success(FileLock(descriptor: descriptor))
            }
            close(descriptor)
        }
    }

    /// Releases the lock and closes the lock file; the file stays.
    func unlock() {
        close(descriptor)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`); the
/// executables the tests start are then built with it too.
public let isUnderThreadSanitizer: Bool = {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)   // RTLD_DEFAULT
    #else
    let everywhere: UnsafeMutableRawPointer? = nil   // RTLD_DEFAULT
    #endif
    return dlsym(everywhere, "__tsan_init") != nil
}()

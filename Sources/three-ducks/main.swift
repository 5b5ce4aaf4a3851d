#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Top-level code that awaits runs on the main actor, on the main thread: `Program` is isolated
// to it, so the loops that block on the terminal (a line, a key) block the main thread, as
// before, and nothing else waits for it.
exit(await Program.run(arguments: Array(CommandLine.arguments.dropFirst())))

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Top-level code that awaits runs on the main actor, and so does `Program`: the loops that block
// reading the terminal (a line, a key) block the main actor, which nothing else in the program
// uses, and never a thread of the concurrency pool; waiting for the store to be idle is an await.
exit(await Program.run(arguments: Array(CommandLine.arguments.dropFirst())))

/// A command line that cannot be run, with a one-line reason.
///
/// The program prints ``message`` on standard error and exits with status 2:
///
/// ```text
/// three-ducks: --difficulty must be easy, normal or hard, not 'extreme' (see three-ducks --help)
/// ```
struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, without the program's name: "unknown option '--colour'".
    var reason: String

    /// The line to print: the program's name, the reason, and a pointer to `--help`.
    var message: String {
        "three-ducks: \(reason) (see three-ducks --help)"
    }
}

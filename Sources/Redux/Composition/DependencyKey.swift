/// Declares a dependency: the type of its value, and the value a program uses.
///
/// The key is a type of its own, so two dependencies of the same value type never meet; a
/// property on ``Dependencies`` names it where it is read (see <doc:UsingDependencies>). A
/// `TestStore` that reads a key without a `testValue`, not overridden by the test, fails the
/// test naming the key, so a test never uses a live client by mistake.
public protocol DependencyKey {
    /// The dependency's type: a client, a clock, a generator.
    associatedtype Value: Sendable

    /// What a program uses, unless its store overrides it.
    static var liveValue: Value { get }

    /// What a `TestStore` uses unless the test overrides it.
    static var testValue: Value { get }
}

extension DependencyKey {
    /// No test value: reading it in a `TestStore` fails the test, then gives the live value.
    public static var testValue: Value {
        Dependencies.reportUntested()
        return liveValue
    }
}

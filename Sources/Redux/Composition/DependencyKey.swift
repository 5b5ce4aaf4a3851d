/// Declares a dependency: the type of its value, and the value a program uses.
///
/// A property on ``Dependencies`` names it where it is read (see <doc:UsingDependencies>). A
/// `TestStore` that reads a key with no `testValue`, not overridden by the test, fails the test.
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

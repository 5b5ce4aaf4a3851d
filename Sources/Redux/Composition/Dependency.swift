/// Reads one dependency of the store that is running, by its property on ``Dependencies``: TCA's
/// `@Dependency` (see <doc:UsingDependencies>).
///
/// Declare it in the middleware's body: it reads ``Dependencies/current`` there and keeps the
/// value, so a closure that captures it (a `map` after a `delay`) uses the store's value even
/// when a scheduler calls it later. Declared in a function that makes the middleware, it would
/// read the dependencies where that function runs, not the store's.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    /// The dependency, as the running store held it when this was declared.
    public let wrappedValue: Value

    /// Reads the dependency at `keyPath` of ``Dependencies/current``.
    public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
        wrappedValue = Dependencies.current[keyPath: keyPath]
    }
}

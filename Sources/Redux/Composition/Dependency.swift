/// Reads one dependency of the store that is running, by its property on ``Dependencies``: TCA's
/// `@Dependency` (see <doc:UsingDependencies>).
///
/// Declare it in the middleware's body, which it reads ``Dependencies/current`` from: a closure
/// that captures it (a `map` after a `delay`) keeps the store's value.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    /// The dependency, as the running store held it when this was declared.
    public let wrappedValue: Value

    /// Reads the dependency at `keyPath` of ``Dependencies/current``.
    public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
        wrappedValue = Dependencies.current[keyPath: keyPath]
    }
}

/// The clients and clocks a store's middlewares use, keyed by type: what TCA calls
/// `DependencyValues`.
///
/// A dependency is a ``DependencyKey`` read through a property of `Dependencies` (see
/// <doc:UsingDependencies>); a store, a `TestStore` or a lifted feature
/// (``AnyMiddleware/dependencies(_:)``) overrides any of them for itself.
///
/// ``current`` is task-local, bound while a store runs its middlewares and starts their effects
/// (an `Effect.run` inherits it). Work a scheduler starts later (a `map` after a `delay`) runs
/// outside it: read what it needs in the middleware, as ``Dependency`` does.
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Set in a `TestStore`: receives the message for a dependency read with neither an override
    /// nor a test value.
    package var reportUnimplemented: (@Sendable (String) -> Void)?

    /// Live dependencies with nothing overridden: each reads its key's ``DependencyKey/liveValue``.
    public init() {}

    /// Dependencies for a test: a key that is not overridden reads its
    /// ``DependencyKey/testValue``; one that has none calls `reportUnimplemented`.
    package init(reportingUnimplemented reportUnimplemented: @escaping @Sendable (String) -> Void) {
        self.reportUnimplemented = reportUnimplemented
    }

    /// The dependency `key` names: the override if there is one, else the key's live value (in a
    /// test store, its test value).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] as? Key.Value {
                return value
            }
            guard let reportUnimplemented else { return Key.liveValue }
            // Only the default `testValue` knows the key declared none: it reports through this.
            return Self.$untestedRead.withValue(
                UntestedRead(name: String(describing: Key.self), report: reportUnimplemented)
            ) {
                Key.testValue
            }
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    struct UntestedRead: Sendable {
        let name: String
        let report: @Sendable (String) -> Void
    }

    @TaskLocal static var untestedRead: UntestedRead?

    static func reportUntested() {
        guard let read = untestedRead else { return }
        read.report(
            """
            The dependency \(read.name) was read in a TestStore, but the test did not override it \
            and \(read.name) has no testValue. Override it in the test store's dependencies: \
            closure, or give \(read.name) a testValue.
            """)
    }

    /// The dependencies bound where this code runs; nil where none are.
    @TaskLocal static var bound: Dependencies?

    /// The dependencies of the store whose middleware or effect is running; live values where no
    /// store bound any.
    public static var current: Dependencies {
        bound ?? Dependencies()
    }

    /// Runs `operation` with `dependencies` as ``current``; tasks it creates inherit them.
    @usableFromInline
    static func binding<Result>(
        _ dependencies: Dependencies, _ operation: () throws -> Result
    ) rethrows -> Result {
        try $bound.withValue(dependencies, operation: operation)
    }

    /// What a store made here with `modify` binds; nil when neither is there (it binds nothing).
    static func forStore(_ modify: ((inout Dependencies) -> Void)?) -> Dependencies? {
        guard let modify else { return bound }
        var dependencies = current
        modify(&dependencies)
        return dependencies
    }

    /// Runs `operation` with the ``current`` dependencies changed by `modify` (TCA's
    /// `withDependencies`); a store made inside keeps them, as does a task it creates.
    public static func withValues<Result>(
        _ modify: (inout Dependencies) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        var dependencies = current
        try modify(&dependencies)
        return try binding(dependencies, operation)
    }
}

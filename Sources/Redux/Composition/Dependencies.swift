/// The clients and clocks a store's middlewares use, keyed by type: what TCA calls
/// `DependencyValues`.
///
/// A dependency is declared once, as a ``DependencyKey`` with a live value, and read through a
/// property of `Dependencies` that its declaration adds:
///
/// ```swift
/// struct SoundPlayerKey: DependencyKey {
///     static let liveValue: any SoundPlaying = SilentPlayer()
/// }
///
/// extension Dependencies {
///     var soundPlayer: any SoundPlaying {
///         get { self[SoundPlayerKey.self] }
///         set { self[SoundPlayerKey.self] = newValue }
///     }
/// }
/// ```
///
/// A middleware reads the dependencies of the store that runs it, ``current``, or one of them
/// through ``Dependency``, with no factory to thread them through. A store, a `TestStore` or a
/// lifted feature (``AnyMiddleware/dependencies(_:)``) overrides any of them for itself.
///
/// ## How they reach a middleware
///
/// ``current`` is task-local: a store that was given dependencies binds them while it runs its
/// middlewares and while it starts their effects, so a middleware lifted with `pullback`,
/// `forEach` or `ifLet` reads them as its parent does, and the task of an `Effect.run` started
/// there inherits them, with every effect its body makes. The store carries them rather than
/// handing them to each middleware so that a middleware keeps its one shape, `(state, action)`,
/// and so that a store given none binds nothing: its dispatch does exactly what it did before
/// dependencies existed.
///
/// Work a scheduler starts later (the body of a `map` after a `delay`, an `Effect.run` behind a
/// `debounce`) runs outside the store's binding: read what it needs in the middleware and
/// capture it, which is what ``Dependency`` does.
///
/// ## What fails loudly
///
/// In a `TestStore`, a dependency the test did not override is its key's ``DependencyKey/testValue``;
/// a key that has none fails the test with the key's name (and the read gets the live value, so
/// the test goes on). The scheduler and the clock are the test store's own `TestScheduler`.
public struct Dependencies: Sendable {
    /// The overridden values, by their key's type. Holds one entry per override (a handful), each
    /// read by a hash lookup.
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Set in a `TestStore`: receives the message for a dependency read with neither an override
    /// nor a test value. Nil for live dependencies, which read live values.
    package var reportUnimplemented: (@Sendable (String) -> Void)?

    /// Live dependencies with nothing overridden: each reads its key's ``DependencyKey/liveValue``.
    public init() {}

    /// Dependencies for a test: a key that is not overridden reads its
    /// ``DependencyKey/testValue``, and one that has none calls `reportUnimplemented` with a
    /// message naming it.
    ///
    /// - Parameter reportUnimplemented: Records the failure (a `TestStore` records an issue).
    package init(reportingUnimplemented reportUnimplemented: @escaping @Sendable (String) -> Void) {
        self.reportUnimplemented = reportUnimplemented
    }

    /// The dependency `key` names: the override if there is one, else the key's live value (or,
    /// in a test store, its test value).
    ///
    /// - Parameter key: The dependency's key.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] as? Key.Value {
                return value
            }
            guard let reportUnimplemented else { return Key.liveValue }
            // The default `testValue` reports through this binding: it alone knows that the key
            // declared no test value of its own.
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

    /// A read of a key's default `testValue` in progress, and where to report it.
    struct UntestedRead: Sendable {
        let name: String
        let report: @Sendable (String) -> Void
    }

    /// Bound by the subscript while it reads a test value.
    @TaskLocal static var untestedRead: UntestedRead?

    /// Reports that the key being read in a test has no test value (see ``DependencyKey``).
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

    /// The dependencies of the store whose middleware or effect is running: the live ones
    /// outside any store that was given some.
    ///
    /// Read it in a middleware, or in the body of an `Effect.run` started from one. Outside,
    /// where no store bound any, it holds live values.
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

    /// What a store made here with `modify` binds: those bound here, changed by `modify`; nil
    /// when neither is there, so that the store binds nothing.
    static func forStore(_ modify: ((inout Dependencies) -> Void)?) -> Dependencies? {
        guard let modify else { return bound }
        var dependencies = current
        modify(&dependencies)
        return dependencies
    }

    /// Runs `operation` with the ``current`` dependencies changed by `modify`, as a store made
    /// with them would run its middlewares: what TCA calls `withDependencies`.
    ///
    /// A store made inside `operation` keeps these dependencies (see the store's
    /// `dependencies:`), and so does a task it creates.
    ///
    /// - Parameters:
    ///   - modify: Overrides dependencies.
    ///   - operation: The work that sees them.
    /// - Returns: What `operation` returns.
    public static func withValues<Result>(
        _ modify: (inout Dependencies) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        var dependencies = current
        try modify(&dependencies)
        return try binding(dependencies, operation)
    }
}

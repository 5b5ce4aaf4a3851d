/// Where the tasks of a store's async effects (`Effect.run`) prefer to run: the store's
/// `taskExecutor:`.
///
/// ```swift
/// let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, taskExecutor: .preferring(scheduler))
/// ```
///
/// A `TestScheduler` is one: a store that prefers it runs its `Effect.run` tasks only when the
/// test moves the clock.
public struct TaskExecutorPreference: Sendable {
    /// An `any TaskExecutor`, erased; nil for the global concurrent executor.
    let executor: (any Sendable)?

    /// The global concurrent executor, where a `Task` runs by default.
    public static var globalConcurrent: TaskExecutorPreference {
        TaskExecutorPreference(executor: nil)
    }

    /// A task executor; nil for the global concurrent one.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static func preferring(_ executor: (any TaskExecutor)?) -> TaskExecutorPreference {
        TaskExecutorPreference(executor: executor)
    }
}

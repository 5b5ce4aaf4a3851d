import Effects

extension Dependencies {
    /// The scheduler middlewares delay, debounce and throttle on (a `TestStore`'s, in one); setting
    /// it sets ``clock`` to the scheduler's clock too:
    ///
    /// ```swift
    /// let store = Store(
    ///     initial: SearchState(), mutatingReducer: searchReducer, middlewares: [searching],
    ///     dependencies: { $0.scheduler = AnyScheduler(scheduler) })
    /// ```
    public var scheduler: AnyScheduler {
        get { self[SchedulerKey.self] }
        set {
            self[SchedulerKey.self] = newValue
            self[ClockKey.self] = newValue.clock
        }
    }

    /// The clock async effects (`Effect.run`) sleep on: a `ContinuousClock` unless overridden.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}

/// One live queue serves every store that reads it.
private enum SchedulerKey: DependencyKey {
    static let liveValue = AnyScheduler(DispatchQueueScheduler())
}

private enum ClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
}

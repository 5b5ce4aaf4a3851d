import Dispatch
import Effects
import Redux
import Testing

/// A store for exhaustive tests: every action, every state change and every effect is accounted
/// for, on virtual time.
///
/// The middlewares under test share the store's ``scheduler`` (a `TestScheduler`), so delayed
/// effects run only when the test moves the clock. Each step asserts exactly what changed:
///
/// ```swift
/// @Test("a mismatch turns face down after a second")
/// func mismatch() {
///     let scheduler = TestScheduler()
///     let store = TestStore(
///         initial: Game(cards: deck),
///         reducer: gameReducer,
///         scheduler: scheduler,
///         middlewares: [gameLogic(scheduler: scheduler)]
///     )
///     store.send(.flipCard(0)) { $0.cards[0].isFlipped = true; $0.moves = 1; $0.selected = [0] }
///     store.send(.flipCard(1)) { $0.cards[1].isFlipped = true; $0.moves = 2; $0.selected = [0, 1] }
///     store.advance(by: .seconds(1))
///     store.receive(.unFlipSelectedCards) {
///         $0.cards[0].isFlipped = false; $0.cards[1].isFlipped = false; $0.selected = []
///     }
///     store.finish()
/// }
/// ```
///
/// It is exhaustive: a test fails if the state after an action is not exactly the expected one,
/// if an effect sent an action the test did not ``receive(_:sourceLocation:_:)``, or if an
/// effect is still running or scheduled when the test ends (``finish(sourceLocation:)``, also
/// checked when the store is released). Failures are recorded with `Issue.record` at the
/// caller's source location, with a field-by-field diff of expected and actual state. Set
/// ``exhaustivity`` to `.off` to check only what the test asserts.
///
/// An issue the store reports while it processes the test's steps (an action for a row of
/// `forEach` or a child of `ifLet` that is not there, see `IssueReporter`) fails the test too;
/// when ``exhaustivity`` is `.off`, it is recorded as a warning instead.
///
/// ## Async effects
///
/// The store runs the tasks of `Effect.run` on its scheduler (the scheduler is their task
/// executor; before macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2, which have no task
/// executors, they run on the global executor instead, and only their sleeps on the scheduler's
/// `clock` follow virtual time), so async work moves with virtual time too: write it against a
/// `Clock<Duration>`
/// and give it the scheduler's `clock`. Every step of the test runs the tasks that are ready
/// until they wait again, and moving the clock wakes the sleepers that fall due, in order:
///
/// ```swift
/// @Test func ticksTwice() async {
///     let scheduler = TestScheduler()
///     let store = TestStore(initial: Stopwatch(), reducer: stopwatchReducer, scheduler: scheduler,
///                           middlewares: [tickingTwice(clock: scheduler.clock)])
///     await store.send(.start) { $0.isRunning = true }
///     store.advance(by: .seconds(1))
///     await store.receive(.tick) { $0.ticks = 1 }
///     store.advance(by: .seconds(1))
///     await store.receive(.tick) { $0.ticks = 2; $0.isRunning = false }
///     await store.finish()
/// }
/// ```
///
/// The async forms of ``send(_:assert:sourceLocation:)``, ``receive(_:timeout:assert:sourceLocation:)``
/// and ``finish(timeout:sourceLocation:)`` also wait, up to a timeout of real time, for work that
/// left the scheduler (a call into the main actor, an effect on a real scheduler) to come back.
/// Work on virtual time is never waited for: when all that is left waits on the clock, a
/// `receive` or a `finish` that cannot succeed fails at once.
///
/// Each `send` returns a ``TestStoreTask``: ``TestStoreTask/cancel()`` ends the work the action
/// started, and ``TestStoreTask/finish(timeout:sourceLocation:)`` asserts that it ends.
///
/// A sent action is recognised wherever it is reduced: if an effect's thread is draining the
/// store when the test sends, the test waits for that thread to reduce its action, and the
/// actions reduced meanwhile wait to be received.
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable> {
    /// The virtual clock the middlewares under test share, and the executor of the store's
    /// async effects.
    public let scheduler: TestScheduler

    /// How much the test store insists on; `.on` (everything) by default.
    public var exhaustivity = Exhaustivity.on

    /// How long the async steps wait, in real time, for work that left the scheduler; one
    /// second by default. Work on virtual time is never waited for. A ``TestStoreTask`` takes
    /// the value this has when its action is sent.
    public var timeout = Duration.seconds(1)

    let store: Store<State, Action>
    let log: ActionLog<State, Action>
    let activity: Activity
    /// Whether work is away from the scheduler, and the waiting for it.
    let watch: WorkWatch
    /// Actions effects sent, in the order they were reduced, not yet asserted.
    var received: [LoggedAction<State, Action>] = []
    /// The state after the last step the test asserted.
    var current: State
    /// The state after the last action the store reduced.
    var latest: State
    /// The tasks of the actions the test sent that may still be running.
    var tasks: [StoreTask] = []
    var isFinished = false
    private let createdAt: SourceLocation
    private let taskArrivals: any Cancellable

    /// Makes a test store with a pure reducer.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - scheduler: The virtual clock; pass the one the middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    ///   - dependencies: Overrides the dependencies its middlewares and effects read. A test
    ///     store starts from test values: its ``scheduler`` as the scheduler and the clock, and
    ///     each other key's `testValue`; a key read with neither an override nor a test value
    ///     fails the test, naming it.
    ///   - sourceLocation: Where the failures of a store released unfinished are reported (see
    ///     ``finish(sourceLocation:)``); the caller's line by default.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        dependencies: (inout Dependencies) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            reducer: reducer,
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init),
            dependencies: dependencies,
            sourceLocation: sourceLocation
        )
    }

    /// Makes a test store with a pure reducer and middlewares of either form.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - scheduler: The virtual clock; pass the one the middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    ///   - dependencies: Overrides the dependencies its middlewares and effects read. A test
    ///     store starts from test values: its ``scheduler`` as the scheduler and the clock, and
    ///     each other key's `testValue`; a key read with neither an override nor a test value
    ///     fails the test, naming it.
    ///   - sourceLocation: Where the failures of a store released unfinished are reported (see
    ///     ``finish(sourceLocation:)``); the caller's line by default.
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>],
        dependencies: (inout Dependencies) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            mutatingReducer: { state, action in state = reducer(consume state, action) },
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares,
            dependencies: dependencies,
            sourceLocation: sourceLocation
        )
    }

    /// Makes a test store with a reducer that changes the state in place.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - mutatingReducer: The reducer under test.
    ///   - scheduler: The virtual clock, and the executor of async effects; pass the one the
    ///     middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    ///   - dependencies: Overrides the dependencies its middlewares and effects read. A test
    ///     store starts from test values: its ``scheduler`` as the scheduler and the clock, and
    ///     each other key's `testValue`; a key read with neither an override nor a test value
    ///     fails the test, naming it.
    ///   - sourceLocation: Where the failures of a store released unfinished are reported (see
    ///     ``finish(sourceLocation:)``); the caller's line by default.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        dependencies: (inout Dependencies) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            mutatingReducer: mutatingReducer,
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init),
            dependencies: dependencies,
            sourceLocation: sourceLocation
        )
    }

    /// Makes a test store with a reducer that changes the state in place, and middlewares of
    /// either form.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - mutatingReducer: The reducer under test.
    ///   - scheduler: The virtual clock, and the executor of async effects; pass the one the
    ///     middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    ///   - dependencies: Overrides the dependencies its middlewares and effects read. A test
    ///     store starts from test values: its ``scheduler`` as the scheduler and the clock, and
    ///     each other key's `testValue`; a key read with neither an override nor a test value
    ///     fails the test, naming it.
    ///   - sourceLocation: Where the failures of a store released unfinished are reported (see
    ///     ``finish(sourceLocation:)``); the caller's line by default.
    public init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>],
        dependencies: (inout Dependencies) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let activity = Activity()
        let log = ActionLog<State, Action>(activity: activity)
        let recorder = Interceptor<State, Action> { action, context, next in
            next(action)
            log.append(
                LoggedAction(
                    action: action,
                    state: context.state,
                    task: context.task,
                    isSentAction: context.isSentAction
                ))
        }
        self.log = log
        self.activity = activity
        self.scheduler = scheduler
        current = initial
        latest = initial
        createdAt = sourceLocation
        var testDependencies = Dependencies(reportingUnimplemented: { message in
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        })
        testDependencies.scheduler = AnyScheduler(scheduler)
        dependencies(&testDependencies)
        store = Store(
            initial: initial,
            mutatingReducer: mutatingReducer,
            // Last, so that it records what reaches the reducer: nothing for an action an
            // interceptor under test drops, the new actions for one it rewrites.
            interceptors: interceptors + [recorder],
            middlewares: middlewares,
            home: nil,
            queueCapacity: Store<State, Action>.queueCapacity,
            taskExecutor: Self.taskExecutor(scheduler),
            dependencies: testDependencies
        )
        watch = WorkWatch(store: store, scheduler: scheduler, activity: activity)
        taskArrivals = scheduler.observeTaskArrivals { activity.signal() }
    }

    /// The scheduler as the executor of `Effect.run`'s tasks, where the system has executor
    /// preference (macOS 15, iOS 18 and later); before, nil: they run on the global executor.
    private static func taskExecutor(_ scheduler: TestScheduler) -> TaskExecutorPreference {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            .preferring(scheduler)
        } else {
            .globalConcurrent
        }
    }

    deinit {
        if !isFinished {
            finish(sourceLocation: createdAt)
        }
        taskArrivals.cancel()
        // Cancel what still runs now, and let the cancelled tasks end: a task that waits in
        // the scheduler's queue holds what it captured until someone runs it.
        store.shutDown()
        scheduler.runReadyTasks()
    }

    /// The state after the last action the test sent or received.
    public var state: State {
        current
    }

    /// The actions effects have sent that the test has not received yet, oldest first.
    ///
    /// ```swift
    /// store.advance(by: .milliseconds(999))
    /// #expect(store.receivedActions.isEmpty)   // nothing before the second is up
    /// ```
    public var receivedActions: [Action] {
        collect()
        return received.map(\.action)
    }

    // MARK: Sending

    /// Sends `action` and asserts the state it leads to.
    ///
    /// If another thread is processing the store's actions at that moment (an effect on a real
    /// scheduler), this waits until that thread has reduced the test's action.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    /// - Returns: The work the action started, to cancel it or assert that it ends.
    @discardableResult
    public func send(
        _ action: Action,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout State) throws -> Void)? = nil
    ) -> TestStoreTask {
        let task = startSending(action, sourceLocation: sourceLocation)
        let processed = DispatchSemaphore(value: 0)
        task.whenActionProcessed { processed.signal() }
        processed.wait()
        finishSending(action, task, update, sourceLocation: sourceLocation)
        return testTask(task, sending: action)
    }

    /// The test's view of the task of a send.
    func testTask(_ task: StoreTask, sending action: Action) -> TestStoreTask {
        TestStoreTask(task: task, watch: watch, timeout: timeout, actionName: "\(action)")
    }

    /// Runs the ready tasks, checks nothing received is left unasserted, and sends `action`.
    func startSending(_ action: Action, sourceLocation: SourceLocation) -> StoreTask {
        settle()
        if !received.isEmpty, exhaustivity == .on {
            fail(
                "Sent \(action) while \(received.count) received action(s) were not asserted:\n"
                    + received.map { "  \($0.action)" }.joined(separator: "\n"),
                sourceLocation: sourceLocation
            )
        }
        received.removeAll()
        tasks.removeAll { $0.isOver }
        let task = reportingIssues(at: sourceLocation) { store.send(action) }
        tasks.append(task)
        return task
    }

    /// Once the store has processed the sent action: lets the tasks it started run until they
    /// wait, then asserts the state the action led to. The actions reduced before it (sent by
    /// effects on other threads) and after it wait to be received.
    func finishSending(
        _ action: Action,
        _ task: StoreTask,
        _ update: ((inout State) throws -> Void)?,
        sourceLocation: SourceLocation
    ) {
        settle()
        guard let index = received.firstIndex(where: { $0.isSentAction && $0.task == task }) else {
            fail(
                "\(action) did not reach the reducer (an interceptor dropped it)",
                sourceLocation: sourceLocation)
            return
        }
        let sent = received.remove(at: index)
        expect(
            sent.state, after: sent.action, update, verb: "sending", sourceLocation: sourceLocation)
    }

    // MARK: Receiving

    /// Asserts that the next action an effect sent is `action`, and the state it led to.
    ///
    /// - Parameters:
    ///   - action: The action expected next.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func receive(
        _ action: Action,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout State) throws -> Void)? = nil
    ) {
        settle()
        receive(Expectation(action), update, waited: nil, sourceLocation: sourceLocation)
    }

    /// Asserts that the next action an effect sent is one that `matches` accepts, and the state
    /// it led to.
    ///
    /// ```swift
    /// store.receive(where: { if case .highScoresFailedToLoad = $0 { true } else { false } }) {
    ///     $0.highScoreError = "the file is empty"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matches: Whether an action is the one expected.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func receive(
        where matches: @escaping (Action) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout State) throws -> Void)? = nil
    ) {
        settle()
        receive(Expectation(matches), update, waited: nil, sourceLocation: sourceLocation)
    }

    /// What a `receive` looks for, and how to name it in a failure.
    struct Expectation {
        let matches: (Action) -> Bool
        let name: String

        init(_ action: Action) {
            matches = { $0 == action }
            name = "\(action)"
        }

        init(_ matches: @escaping (Action) -> Bool) {
            self.matches = matches
            name = "an action matching the predicate"
        }
    }

    /// The index in `received` of the action an expectation is met by (the first, when
    /// exhaustive; the first that matches, otherwise), or nil if there is none yet.
    func index(meeting expectation: Expectation) -> Int? {
        switch exhaustivity {
        case .on: received.isEmpty ? nil : 0
        case .off: received.firstIndex { expectation.matches($0.action) }
        }
    }

    /// Asserts the received action meeting `expectation`, or fails. `waited` is how long the
    /// async form waited in vain, for the failure message.
    func receive(
        _ expectation: Expectation,
        _ update: ((inout State) throws -> Void)?,
        waited: Duration?,
        sourceLocation: SourceLocation
    ) {
        guard let index = index(meeting: expectation) else {
            let within = waited.map { " within \($0)" } ?? ""
            let unmatched =
                received.isEmpty
                ? "no action was received"
                : "none of the \(received.count) received action(s) matched"
            fail(
                "Expected to receive \(expectation.name), but \(unmatched)\(within)"
                    + (store.runningEffectCount > 0
                        ? " (effects are still running: advance the scheduler?)" : ""),
                sourceLocation: sourceLocation
            )
            return
        }
        received.removeFirst(index)
        let next = received.removeFirst()
        if !expectation.matches(next.action) {
            fail(
                "Received an unexpected action.\n  expected: \(expectation.name)\n  received: \(next.action)",
                sourceLocation: sourceLocation
            )
        }
        expect(
            next.state, after: next.action, update, verb: "receiving",
            sourceLocation: sourceLocation)
    }

    // MARK: Time

    /// Moves the virtual clock forward, running the effects that fall due, and the async
    /// tasks they wake until they wait again; the actions they send are then waiting to be
    /// received.
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock.
    ///   - sourceLocation: Where an issue the store reports meanwhile is recorded; the caller's
    ///     line by default.
    public func advance(
        by duration: Duration = .zero, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        reportingIssues(at: sourceLocation) { scheduler.advance(by: duration) }
        collect()
    }

    // MARK: Skipping

    /// Forgets the actions received and not asserted; the next step starts from the state they
    /// led to. For integration-style tests that do not follow every action.
    public func skipReceivedActions() {
        settle()
        received.removeAll()
        current = latest
    }

    /// Cancels every effect still running from the actions the test sent, and lets their tasks
    /// end; whatever they would have sent is dropped.
    public func skipInFlightEffects() {
        for task in tasks {
            task.cancel()
        }
        tasks.removeAll()
        settle()
    }

    // MARK: Finishing

    /// Asserts that every received action was asserted and that no effect is still running or
    /// scheduled.
    ///
    /// Called on release if the test did not call it. When ``exhaustivity`` is `.off`, it skips
    /// the received actions and cancels the effects in flight instead.
    ///
    /// - Parameter sourceLocation: Where a failure is reported; the caller's line by default.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        isFinished = true
        settle()
        checkFinished(sourceLocation: sourceLocation)
    }

    func checkFinished(sourceLocation: SourceLocation) {
        guard exhaustivity == .on else {
            skipReceivedActions()
            skipInFlightEffects()
            return
        }
        if !received.isEmpty {
            fail(
                "The store received \(received.count) action(s) that the test did not assert:\n"
                    + received.map { "  \($0.action)" }.joined(separator: "\n"),
                sourceLocation: sourceLocation
            )
            received.removeAll()
        }
        let running = store.runningEffectCount
        let scheduled = scheduler.pendingWorkCount
        if running > 0 || scheduled > 0 {
            fail(
                "Effects are still in flight when the test ends: \(running) running, \(scheduled) scheduled "
                    + "on the test scheduler. Advance the scheduler until they finish, or cancel them.",
                sourceLocation: sourceLocation
            )
        }
    }

    // MARK: Helpers

    func fail(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Runs `body` with the issues the store reports meanwhile (an action for a row or child
    /// that is not there) recorded in the test at `sourceLocation`: as failures when the store
    /// is exhaustive, as warnings when ``exhaustivity`` is off.
    func reportingIssues<Result>(at sourceLocation: SourceLocation, _ body: () -> Result) -> Result
    {
        let severity = Self.severity(of: exhaustivity)
        return IssueReporter.withHandler(
            { message in
                Issue.record(
                    Comment(rawValue: message), severity: severity, sourceLocation: sourceLocation)
            }, body)
    }

    /// How an issue the store reports is recorded: a failure when every step is checked, a
    /// warning when only what the test asserts is (as The Composable Architecture's test store
    /// does when it is not exhaustive).
    static func severity(of exhaustivity: Exhaustivity) -> Issue.Severity {
        switch exhaustivity {
        case .on: .error
        case .off: .warning
        }
    }

    /// Runs the tasks that are ready on the scheduler until they wait again, then takes what
    /// the store logged.
    func settle() {
        reportingIssues(at: createdAt) { scheduler.runReadyTasks() }
        collect()
    }

    /// Takes what the store logged since the last time.
    func collect() {
        let entries = log.takeAll()
        guard let last = entries.last else { return }
        latest = last.state
        received.append(contentsOf: entries)
    }

    private func expect(
        _ actual: State,
        after action: Action,
        _ update: ((inout State) throws -> Void)?,
        verb: String,
        sourceLocation: SourceLocation
    ) {
        // Exhaustive: the update turns the last asserted state into exactly the actual one.
        // Otherwise: the update applied to the actual state leaves it as it is, so that only the
        // fields it sets are checked.
        var expected = exhaustivity == .on ? current : actual
        do {
            try update?(&expected)
        } catch {
            fail("The update closure threw: \(error)", sourceLocation: sourceLocation)
        }
        if expected != actual {
            let diff = StateDiff(from: expected, to: actual)
            let details =
                diff.isEmpty
                ? "  expected: \(expected)\n  actual:   \(actual)"
                : diff.changes.map {
                    "  \($0.path.isEmpty ? "(state)" : $0.path): expected \($0.old), actual \($0.new)"
                }
                .joined(separator: "\n")
            fail(
                "The state after \(verb) \(action) is not the expected one:\n\(details)",
                sourceLocation: sourceLocation
            )
        }
        current = actual
    }
}

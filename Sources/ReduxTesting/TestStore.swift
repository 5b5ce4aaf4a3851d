import Effects
import Redux
import Synchronization
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
///     store.receive(.unFlipSelectedCards) { $0.cards[0].isFlipped = false; … }
///     store.finish()
/// }
/// ```
///
/// It is exhaustive: a test fails if the state after an action is not exactly the expected one,
/// if an effect sent an action the test did not ``receive(_:sourceLocation:_:)``, or if an
/// effect is still running or scheduled when the test ends (``finish(sourceLocation:)``, also
/// checked when the store is released). Failures are recorded with `Issue.record` at the
/// caller's source location, with a field-by-field diff of expected and actual state.
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable> {
    /// The virtual clock the middlewares under test share.
    public let scheduler: TestScheduler

    private let store: Store<State, Action>
    private let log: ActionLog<State, Action>
    private var received: [(action: Action, state: State)] = []
    private var current: State
    private var isFinished = false
    private let createdAt: SourceLocation

    /// Makes a test store with a pure reducer.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - scheduler: The virtual clock; pass the one the middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            reducer: reducer,
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init),
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
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            mutatingReducer: { state, action in state = reducer(consume state, action) },
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares,
            sourceLocation: sourceLocation
        )
    }

    /// Makes a test store with a reducer that changes the state in place.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - mutatingReducer: The reducer under test.
    ///   - scheduler: The virtual clock; pass the one the middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            initial: initial,
            mutatingReducer: mutatingReducer,
            scheduler: scheduler,
            interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init),
            sourceLocation: sourceLocation
        )
    }

    /// Makes a test store with a reducer that changes the state in place, and middlewares of
    /// either form.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - mutatingReducer: The reducer under test.
    ///   - scheduler: The virtual clock; pass the one the middlewares were made with.
    ///   - interceptors: Interceptors under test, run before the reducer.
    ///   - middlewares: Middlewares under test.
    public init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        scheduler: TestScheduler = TestScheduler(),
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let log = ActionLog<State, Action>()
        let recorder = Interceptor<State, Action> { action, context, next in
            next(action)
            log.append(action, context.state)
        }
        self.log = log
        self.scheduler = scheduler
        current = initial
        createdAt = sourceLocation
        store = Store(
            initial: initial,
            mutatingReducer: mutatingReducer,
            // Last, so that it records what reaches the reducer: nothing for an action an
            // interceptor under test drops, the new actions for one it rewrites.
            interceptors: interceptors + [recorder],
            middlewares: middlewares
        )
    }

    deinit {
        if !isFinished {
            finish(sourceLocation: createdAt)
        }
    }

    /// The state after the last action the test sent or received.
    public var state: State {
        current
    }

    /// Sends `action` and asserts the state it leads to.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    public func send(
        _ action: Action,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout State) throws -> Void)? = nil
    ) {
        collect()
        if !received.isEmpty {
            fail(
                "Sent \(action) while \(received.count) received action(s) were not asserted:\n"
                    + received.map { "  \($0.action)" }.joined(separator: "\n"),
                sourceLocation: sourceLocation
            )
            received.removeAll()
        }
        store.dispatch(action)
        var entries = log.takeAll()
        guard !entries.isEmpty else {
            fail("\(action) did not reach the reducer (an interceptor dropped it)", sourceLocation: sourceLocation)
            return
        }
        let sent = entries.removeFirst()
        received.append(contentsOf: entries)
        expect(sent.state, after: sent.action, update, verb: "sending", sourceLocation: sourceLocation)
    }

    /// Asserts that the next action an effect sent is `action`, and the state it led to.
    ///
    /// - Parameters:
    ///   - action: The action expected next.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    public func receive(
        _ action: Action,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout State) throws -> Void)? = nil
    ) {
        collect()
        guard !received.isEmpty else {
            fail(
                "Expected to receive \(action), but no action was received"
                    + (store.runningEffectCount > 0 ? " (effects are still running: advance the scheduler?)" : ""),
                sourceLocation: sourceLocation
            )
            return
        }
        let next = received.removeFirst()
        if next.action != action {
            fail(
                "Received an unexpected action.\n  expected: \(action)\n  received: \(next.action)",
                sourceLocation: sourceLocation
            )
        }
        expect(next.state, after: next.action, update, verb: "receiving", sourceLocation: sourceLocation)
    }

    /// Moves the virtual clock forward, running the effects that fall due; the actions they
    /// send are then waiting to be received.
    ///
    /// - Parameter duration: How far to move the clock.
    public func advance(by duration: Duration = .zero) {
        scheduler.advance(by: duration)
        collect()
    }

    /// Asserts that every received action was asserted and that no effect is still running or
    /// scheduled.
    ///
    /// Called on release if the test did not call it.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        isFinished = true
        collect()
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

    private func fail(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    private func collect() {
        received.append(contentsOf: log.takeAll())
    }

    private func expect(
        _ actual: State,
        after action: Action,
        _ update: ((inout State) throws -> Void)?,
        verb: String,
        sourceLocation: SourceLocation
    ) {
        var expected = current
        do {
            try update?(&expected)
        } catch {
            fail("The update closure threw: \(error)", sourceLocation: sourceLocation)
        }
        if expected != actual {
            let diff = StateDiff(from: expected, to: actual)
            let details = diff.isEmpty
                ? "  expected: \(expected)\n  actual:   \(actual)"
                : diff.changes.map { "  \($0.path.isEmpty ? "(state)" : $0.path): expected \($0.old), actual \($0.new)" }
                    .joined(separator: "\n")
            fail(
                "The state after \(verb) \(action) is not the expected one:\n\(details)",
                sourceLocation: sourceLocation
            )
        }
        current = actual
    }
}

/// Every action the store processed, with the state right after it, until the test store
/// takes them. Filled from whichever thread processes actions, hence the lock.
private final class ActionLog<State: Sendable, Action: Sendable>: Sendable {
    private let entries = Mutex<[(action: Action, state: State)]>([])

    func append(_ action: Action, _ state: State) {
        entries.withLock { $0.append((action, state)) }
    }

    func takeAll() -> [(action: Action, state: State)] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}

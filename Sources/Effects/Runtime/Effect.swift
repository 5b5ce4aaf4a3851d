/// The work a middleware asks for after an action: a publisher of more actions.
///
/// An effect is a small tree that can be inspected before it runs: nothing (``none``), one
/// value (``just(_:)``), any publisher, several effects at once (``merge(_:)-(Effect<Output>...)``) or one
/// after another (``concatenate(_:)-(Effect<Output>...)``), an effect marked for cancellation
/// (``cancellable(id:cancelInFlight:)``), or a request to cancel (``cancel(id:)``). Its
/// `description` prints that tree, which makes effects easy to assert on:
///
/// ```swift
/// let effect = Effect.just(Action.unFlipSelectedCards)
///     .delay(for: .seconds(1), scheduler: scheduler)
/// print(effect)   // Delay(1.0 seconds, Just(unFlipSelectedCards))
/// ```
///
/// `.none` and `.just(value)` are stored inline: making, returning and running them allocates
/// nothing, which matters because a store asks every middleware for an effect on every action.
///
/// An effect is itself a ``Publisher``. Cancellation ids take effect when a store runs the
/// effect; subscribed to directly, `.cancellable` runs its effect unchanged and `.cancel(id:)`
/// just finishes.
public struct Effect<Output: Sendable>: Publisher {
    /// The shape of an effect, read by the store that runs it: every kind other than the inline
    /// `none` and `just` is a node (``EffectNode``), one object that knows how it runs.
    @usableFromInline
    package enum Operation: Sendable {
        case none
        case just(Output)
        case node(any EffectNode<Output>)
    }

    @usableFromInline
    package let operation: Operation

    @inlinable
    package init(operation: Operation) {
        self.operation = operation
    }

    /// Wraps a publisher as an effect.
    ///
    /// - Parameter publisher: The publisher whose values the effect sends.
    public init(_ publisher: some Publisher<Output>) {
        if let effect = publisher as? Effect<Output> {
            self = effect
        } else {
            operation = .node(PublisherEffect(AnyPublisher(publisher)))
        }
    }

    /// An effect that does nothing and finishes at once.
    @inlinable
    public static var none: Effect {
        Effect(operation: .none)
    }

    /// An effect that sends `value` at once, then finishes.
    ///
    /// - Parameter value: The value, usually an action, to send.
    /// - Returns: The effect.
    @inlinable
    public static func just(_ value: Output) -> Effect {
        Effect(operation: .just(value))
    }

    /// An effect that runs async work, which may send any number of values.
    ///
    /// ```swift
    /// Effect.run { send in
    ///     for await line in input.lines {   // an AsyncStream<String>
    ///         await send(.lineRead(line))
    ///     }
    /// }
    /// ```
    ///
    /// Work that can throw takes the form with a `catch:` handler,
    /// ``run(priority:operation:catch:)``.
    ///
    /// Work that waits should wait on an injected clock, a scheduler's ``Scheduler/clock``: it
    /// then sleeps in real time in the program and in virtual time in tests, where a store made
    /// with `taskExecutor: .preferring(testScheduler)` (as a `TestStore` is) runs the task on the
    /// scheduler:
    ///
    /// ```swift
    /// func ticking(clock: some Clock<Duration>) -> Effect<Action> {
    ///     .run { send in
    ///         while (try? await clock.sleep(for: .seconds(1))) != nil {
    ///             await send(.tick)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The task is cancelled when the effect is (``cancel(id:)``, a `StoreTask`'s `cancel()`, the
    /// store's release); whatever it sends afterwards is dropped.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task that runs the work.
    ///   - operation: The async work; values handed to `send` are delivered in order.
    /// - Returns: The effect; cancelling it cancels the task.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Output>) async -> Void
    ) -> Effect {
        Effect(Publishers.Run(priority: priority, operation: operation))
    }

    /// An effect that runs async work that may throw, with no handler for the error: an error
    /// it throws is reported, as a mistake of the program, through ``IssueReporter`` in debug
    /// builds (a `TestStore` fails the test), and dropped in release builds.
    ///
    /// ```swift
    /// Effect.run { send in
    ///     try await clock.sleep(for: .seconds(1))
    ///     await send(.tick)
    /// }
    /// ```
    ///
    /// An error thrown once the effect was cancelled is not reported: it is most likely the
    /// cancellation itself (a sleep cut short), as in The Composable Architecture. Work whose
    /// errors are expected says what to do with them in ``run(priority:operation:catch:)``.
    /// Work that cannot throw picks the other ``run(priority:operation:)-9qce4``,
    /// which has nothing to catch.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task that runs the work.
    ///   - operation: The async work; values handed to `send` are delivered in order.
    /// - Returns: The effect; cancelling it cancels the task.
    @_disfavoredOverload
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Output>) async throws -> Void
    ) -> Effect {
        run(priority: priority, operation: operation) { error, _ in
            IssueReporter.report(
                "An Effect.run threw \(error), and has no catch: to handle it. Pass one, "
                    + "run(operation:catch:), to turn the error into an action.")
        }
    }

    /// An effect that runs async work that may throw; an error it throws goes to `handler`,
    /// which turns it into values (usually an action saying what went wrong).
    ///
    /// ```swift
    /// Effect.run { send in
    ///     await send(.highScoresLoaded(try await file.load()))
    /// } catch: { error, send in
    ///     await send(.highScoresFailedToLoad("\(error)"))
    /// }
    /// ```
    ///
    /// The handler is required: an error is never dropped silently. It is not called when the
    /// effect was cancelled (the error is then most likely the cancellation itself, and nothing
    /// sent after a cancel is delivered anyway), as in The Composable Architecture.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task that runs the work.
    ///   - operation: The async work; values handed to `send` are delivered in order.
    ///   - handler: Called with the error `operation` threw, and the same `send`.
    /// - Returns: The effect; cancelling it cancels the task. It finishes once `operation`, and
    ///   `handler` if it was called, have returned.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Output>) async throws -> Void,
        catch handler: @escaping @Sendable (any Error, Send<Output>) async -> Void
    ) -> Effect {
        Effect(
            Publishers.Run(priority: priority) { send in
                do {
                    try await operation(send)
                } catch {
                    guard !Task.isCancelled else { return }
                    await handler(error, send)
                }
            })
    }

    /// Whether this effect is ``none``.
    @inlinable
    public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }
}

extension Publisher {
    /// Wraps this publisher as an ``Effect``, the type middlewares return.
    ///
    /// - Returns: The effect.
    public func eraseToEffect() -> Effect<Output> {
        Effect(self)
    }
}

/// One kind of node of an effect tree other than the inline ``Effect/Operation`` cases: a new
/// kind is one type in one file, saying how it runs, starts as a root, maps, is marked and prints.
@usableFromInline
package protocol EffectNode<Output>: AnyObject, Sendable, CustomStringConvertible {
    associatedtype Output: Sendable

    /// Runs the node's effect for `subscriber`; ids register in `context`, if there is one.
    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output

    /// Starts the node's effect in `context` (by default as one root), registered under `id`,
    /// that of a `.cancellable` node around this one; see ``EffectContext/start(_:sendingTo:)``.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output

    /// The node's effect when it is a single value delivered after a delay (marked with at most
    /// one id), which a context starts specialized for its downstream; nil for any other shape.
    var delayedValue: DelayedValueStart<Output>? { get }

    /// The node's effect with every value transformed, keeping its shape and its ids.
    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T>

    /// The node's effect marked with `id` wherever a part of it runs on its own (a store's
    /// task marks its effects so). By default the whole node is marked once.
    func marked(with id: EffectID) -> Effect<Output>
}

extension EffectNode {
    @inlinable
    package var asEffect: Effect<Output> {
        Effect(operation: .node(self))
    }

    package func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        context.startRoot(sendingTo: downstream, id: id, replacingInFlight: replacingInFlight) {
            self.subscribe($0, context: context)
        }
    }

    package var delayedValue: DelayedValueStart<Output>? {
        nil
    }

    @usableFromInline
    package func marked(with id: EffectID) -> Effect<Output> {
        asEffect.cancellable(id: id)
    }
}

/// An operator keyed by an id (debounce, throttle), run as `.cancellable(id: id,
/// cancelInFlight: true)`; a node so that mapping it maps the effect inside, and it prints so.
protocol CancellableOperatorNode: EffectNode {
    var cancellable: CancellableEffect<Output> { get }
}

extension CancellableOperatorNode {
    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        cancellable.subscribe(subscriber, context: context)
    }

    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        cancellable.start(
            in: context, sendingTo: downstream, id: id, replacingInFlight: replacingInFlight)
    }
}

/// A node that wraps any publisher: ``Effect/init(_:)``.
final class PublisherEffect<Output: Sendable>: EffectNode {
    let publisher: AnyPublisher<Output>

    init(_ publisher: AnyPublisher<Output>) {
        self.publisher = publisher
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        publisher.receive(subscriber: subscriber)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        PublisherEffect<T>(AnyPublisher(Publishers.Map(upstream: publisher, transform: transform)))
            .asEffect
    }

    var description: String {
        publisher.description
    }
}

extension Effect {
    /// This effect marked with `id` wherever a part of it runs on its own (see
    /// ``EffectNode/marked(with:)``); nothing and a single value run at once and stay unmarked.
    @inlinable
    package func marked(with id: EffectID) -> Effect {
        switch operation {
        case .none, .just: self
        case .node(let node): node.marked(with: id)
        }
    }
}

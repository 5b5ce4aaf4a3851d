/// One kind of node of an effect tree other than nothing and a single value: a wrapped
/// publisher, a merge, a concatenation, a delay, a cancellation mark, a cancel, a debounce, a
/// throttle.
///
/// Everything the runtime does with a node goes through this protocol, so a new kind of node is
/// one type in one file (with its tests): how it runs for a subscriber, how a context starts it
/// as a root, how it maps its values, how a store's task marks it, and how it prints.
///
/// `.none` and `.just` are not nodes: they are the inline cases of ``Effect/Operation``, so that
/// the effects every middleware returns on every action allocate nothing.
@usableFromInline
package protocol EffectNode<Output>: AnyObject, Sendable, CustomStringConvertible {
    /// The type of the values the node's effect sends.
    associatedtype Output: Sendable

    /// Runs the node's effect for `subscriber`; ids register in `context`, if there is one.
    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output

    /// Starts the node's effect in `context`, as the part (or parts) it counts as running; see
    /// ``EffectContext/start(_:sendingTo:)``.
    ///
    /// `id` is the cancellation id of a `.cancellable` node around this one, which hands its id
    /// down so that the root it starts is registered under it in the same step that counts it
    /// (replacing what ran under it, with `replacingInFlight`); nil for none. By default the
    /// node runs as one root subscribed to through a ``RootSubscriber``.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output

    /// The node's effect with every value transformed, keeping its shape and its ids.
    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T>

    /// The node's effect marked with `id` wherever a part of it runs on its own (a store's
    /// task marks its effects so). By default the whole node is marked once.
    func marked(with id: EffectID) -> Effect<Output>
}

extension EffectNode {
    /// The node as an effect.
    @inlinable
    package var asEffect: Effect<Output> {
        Effect(operation: .node(self))
    }

    /// Runs the node as one root of `context`, registered under `id`, if any.
    package func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        context.startRoot(sendingTo: downstream, id: id, replacingInFlight: replacingInFlight) {
            self.subscribe($0, context: context)
        }
    }

    /// The whole node, marked cancellable by `id`.
    @usableFromInline
    package func marked(with id: EffectID) -> Effect<Output> {
        asEffect.cancellable(id: id)
    }
}

/// An operator keyed by an id (``Effect/debounce(id:for:scheduler:)``,
/// ``Effect/throttle(id:for:scheduler:latest:)``): a publisher, run as
/// `.cancellable(id: id, cancelInFlight: true)`.
///
/// It runs as its ``cancellable`` does; the node of its own is there only so that mapping it maps
/// the effect inside the operator, and so that it prints as the operator.
protocol CancellableOperatorNode: EffectNode {
    /// The operator, cancellable under its id and replacing what ran under it.
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

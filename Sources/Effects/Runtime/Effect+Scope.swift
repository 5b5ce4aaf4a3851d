extension Effect {
    /// This effect, run as part of `scope`: every id used inside it means "this id of this
    /// scope", and cancelling `scope` itself cancels all of it.
    ///
    /// `forEach` and `ifLet` scope every effect of a child feature to its element this way, so
    /// that two rows using the same `CancelID.save` never touch each other. Inside the scope,
    /// ``cancellable(id:cancelInFlight:)``, ``cancel(id:)``, ``debounce(id:for:scheduler:)`` and
    /// ``throttle(id:for:scheduler:latest:)`` register and cancel the pair (scope, id). Scopes
    /// nest.
    ///
    /// ```swift
    /// let save = Effect.just("saved")
    ///     .delay(for: .seconds(1), scheduler: scheduler)
    ///     .cancellable(id: CancelID.save, cancelInFlight: true)
    /// let forRow1 = save.scoped(to: 1)   // cancels only row 1's save in flight
    /// let forRow2 = save.scoped(to: 2)
    /// let endRow1 = Effect<String>.cancel(id: 1)   // ends everything row 1 runs
    /// ```
    ///
    /// - Complexity: Cancelling the scope costs O(k) in the k parts running in it, whatever
    ///   else runs in the store.
    @inlinable
    public func scoped(to scope: some Hashable & Sendable) -> Effect {
        switch operation {
        case .none, .just: self
        case .node(let node):
            ScopedEffect(scope: EffectID(scope), node: node, transform: { $0 }).asEffect
        }
    }

    /// `map(transform).scoped(to: scope)` in one node, so that lifting a child's effect does
    /// not rebuild the child's effect tree.
    @inlinable
    package func scoped<Parent: Sendable>(
        to scope: EffectID, map transform: @escaping @Sendable (Output) -> Parent
    ) -> Effect<Parent> {
        switch operation {
        case .none: .none
        case .just(let value): .just(transform(value))
        case .node(let node): ScopedEffect(scope: scope, node: node, transform: transform).asEffect
        }
    }

    /// See ``scoped(to:map:)-(EffectID,_)``.
    @inlinable
    package func scoped<Parent: Sendable>(
        to scope: some Hashable & Sendable, map transform: @escaping @Sendable (Output) -> Parent
    ) -> Effect<Parent> {
        scoped(to: EffectID(scope), map: transform)
    }

    /// An effect that cancels every running effect marked with `id` inside `scope` (see
    /// ``scoped(to:)``), then finishes: how a parent cancels one element's effect.
    public static func cancel(
        id: some Hashable & Sendable, in scope: some Hashable & Sendable
    ) -> Effect {
        cancel(id: EffectID(ScopedEffectID(scope: EffectID(scope), id: EffectID(id))))
    }
}

/// ``Effect/scoped(to:)``: what it wraps starts in a view of the context
/// (``EffectContext/scoped(to:)``), each part as the root it would be anywhere else; under an
/// outer id, as one root under that id. It maps the values on their way out.
@usableFromInline
final class ScopedEffect<Wrapped: Sendable, Output: Sendable>: EffectNode {
    @usableFromInline let scope: EffectID
    @usableFromInline let node: any EffectNode<Wrapped>
    @usableFromInline let transform: @Sendable (Wrapped) -> Output
    /// The delayed value it wraps, mapped and scoped, which a context starts specialized.
    @usableFromInline let delayedValue: DelayedValueStart<Output>?

    @inlinable
    init(
        scope: EffectID, node: any EffectNode<Wrapped>,
        transform: @escaping @Sendable (Wrapped) -> Output
    ) {
        self.scope = scope
        self.node = node
        self.transform = transform
        delayedValue = node.delayedValue?.scoped(to: scope, map: transform)
    }

    var effect: Effect<Wrapped> {
        node.asEffect
    }

    @usableFromInline
    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        guard let context else {
            effect.subscribe(
                ScopedSubscriber(downstream: subscriber, transform: transform, context: nil),
                context: nil)
            return
        }
        let view = context.scoped(to: scope)
        RegisteredSubscription(downstream: subscriber, id: scope, context: context).start {
            effect.subscribe(
                ScopedSubscriber(downstream: $0, transform: transform, context: view),
                context: view)
        }
    }

    @usableFromInline
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id outer: EffectID?,
        replacingInFlight outerReplacing: Bool
    ) where Downstream.Input == Output {
        guard outer == nil else {
            context.startRoot(sendingTo: downstream, id: outer, replacingInFlight: outerReplacing) {
                subscribe($0, context: context)
            }
            return
        }
        let view = context.scoped(to: scope)
        view.start(
            effect,
            sendingTo: ScopedSubscriber(downstream: downstream, transform: transform, context: view)
        )
    }

    @usableFromInline
    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        let first = self.transform
        return ScopedEffect<Wrapped, T>(scope: scope, node: node) { transform(first($0)) }
            .asEffect
    }

    @usableFromInline
    var description: String {
        "Scoped(to: \(scope), \(effect))"
    }
}

/// Names a scoped view as the context of what runs upstream, so that every operator and effect
/// inside a scoped effect finds the view.
struct ScopedSubscriber<Input: Sendable, Downstream: Subscriber>: Subscriber {
    let downstream: Downstream
    let transform: @Sendable (Input) -> Downstream.Input
    let context: EffectContext?

    var effectContext: EffectContext? {
        context
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) {
        downstream.receive(transform(input))
    }

    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}

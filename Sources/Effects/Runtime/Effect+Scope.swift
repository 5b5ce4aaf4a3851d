extension Effect {
    /// This effect, run as part of `scope`: every id used inside it means "this id of this
    /// scope", and cancelling `scope` itself cancels all of it.
    ///
    /// `forEach` and `ifLet` scope every effect of a child feature to its element this way, so
    /// that two rows using the same `CancelID.save` never touch each other, and a removed row's
    /// effects end with it. Inside the scope, ``cancellable(id:cancelInFlight:)``,
    /// ``cancel(id:)``, ``debounce(id:for:scheduler:)`` and
    /// ``throttle(id:for:scheduler:latest:)`` register and cancel the pair (scope, id); outside
    /// any scope an id means itself, in its store. Scopes nest: an effect scoped inside a scoped
    /// effect belongs to the inner scope of the outer one.
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
    /// - Parameter scope: Any hashable, sendable value naming the scope (`forEach` uses the
    ///   collection's key path and the element's id).
    /// - Returns: The scoped effect. Nothing and a single value run at once and stay as they are.
    /// - Complexity: Running it registers each part that runs on its own under its scope too
    ///   (O(1) per part, and per enclosing scope), so that cancelling the scope costs O(k) in the
    ///   k parts running in it, whatever else runs in the store.
    @inlinable
    public func scoped(to scope: some Hashable & Sendable) -> Effect {
        switch operation {
        case .none, .just: self
        case .node(let node):
            ScopedEffect(scope: EffectID(scope), node: node, transform: { $0 }).asEffect
        }
    }

    /// This effect, run as part of `scope` (see ``scoped(to:)``), with every value transformed:
    /// `effect.map(transform).scoped(to: scope)` in one node, so that lifting a child's effect
    /// into its parent (`forEach`, `ifLet`) does not rebuild the child's effect tree.
    ///
    /// - Parameters:
    ///   - scope: The scope.
    ///   - transform: Turns each value into the parent's.
    /// - Returns: The scoped effect.
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

    /// This effect, run as part of `scope` (see ``scoped(to:)``), with every value transformed
    /// (see ``scoped(to:map:)-(EffectID,_)``).
    @inlinable
    package func scoped<Parent: Sendable>(
        to scope: some Hashable & Sendable, map transform: @escaping @Sendable (Output) -> Parent
    ) -> Effect<Parent> {
        scoped(to: EffectID(scope), map: transform)
    }

    /// An effect that cancels every running effect marked with `id` inside `scope` (see
    /// ``scoped(to:)``), then finishes: how a parent cancels one element's effect.
    ///
    /// ```swift
    /// let stopRow1Save = Effect<String>.cancel(id: CancelID.save, in: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The id the scoped effect was marked with.
    ///   - scope: The scope it runs in.
    /// - Returns: The effect.
    public static func cancel(
        id: some Hashable & Sendable, in scope: some Hashable & Sendable
    ) -> Effect {
        cancel(id: EffectID(ScopedEffectID(scope: EffectID(scope), id: EffectID(id))))
    }
}

/// An effect run as part of a scope: ``Effect/scoped(to:)``.
///
/// It starts what it wraps in a view of the context (``EffectContext/scoped(to:)``) that
/// resolves every id used inside to the pair (scope, id) and registers every root it starts
/// under the scope too, so each part runs as the root it would be anywhere else (a delayed
/// value specialized, a merge's parts apart), and cancelling the scope's id reaches each root
/// directly, through the scope's group. Under an outer id (a parent's `.cancellable`, a store's
/// task), it runs as one root under that id, with one part registered under the scope inside.
///
/// It maps the values of what it wraps itself, on their way out (``Effect/scoped(to:map:)``),
/// so that a parent lifting a child's effect adds one node instead of copying the child's tree.
///
/// A delayed value it wraps (a row's delayed save, cancellable or not) it answers as a delayed
/// value of its own, mapped and scoped (``delayedValue``), which a context starts specialized
/// for its downstream, as it starts any delayed value: the same root in the same scope's view,
/// without the scoped subscriber and the unspecialized generic code between.
@usableFromInline
final class ScopedEffect<Wrapped: Sendable, Output: Sendable>: EffectNode {
    @usableFromInline let scope: EffectID
    /// The node of the effect it wraps (a scoped effect wraps only nodes: nothing and a single
    /// value stay unscoped).
    @usableFromInline let node: any EffectNode<Wrapped>
    @usableFromInline let transform: @Sendable (Wrapped) -> Output
    /// The delayed value it wraps, mapped and scoped; nil if it wraps no delayed value (or a
    /// scoped one: see ``DelayedValueStart/scoped(to:map:)``).
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

    /// The effect it wraps.
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

    /// Started in the scope's view; under an outer id (a parent's `.cancellable`, a store's
    /// task), as a root under that id with a part registered under the scope inside.
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
        // Started in the view, each part as the root it would be anywhere else (a delayed
        // value specialized, a merge's parts apart), each registered under the scope too.
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

/// Hands everything to its downstream, values transformed, but names a scoped view as the
/// context of what runs upstream of it, so that every operator and effect inside a scoped
/// effect finds the view.
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

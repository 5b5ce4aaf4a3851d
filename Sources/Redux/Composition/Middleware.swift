import Effects

/// Side effects after an action: sees the new state and the action, returns an effect whose
/// actions are dispatched back into the store.
///
/// A middleware here is an *effect handler* (TCA's effects, redux-observable's epics): it never
/// sees an action before the reducer and cannot stop one; what ReSwift calls middleware is an
/// ``Interceptor`` here. Middlewares run after the reducer, in the order the store was given
/// them; return ``/Effects/Effect/none`` when there is nothing to do. A middleware reads its
/// clients and clocks with ``Dependency`` (see <doc:UsingDependencies>), or is made by a
/// function that captures them:
///
/// ```swift
/// func unFlipAfterAMismatch(scheduler: some Scheduler) -> Middleware<Game, GameAction> {
///     { state, action in
///         guard case .flipCard = action, state.isMismatch else { return .none }
///         return Effect.just(.unFlipSelectedCards)
///             .delay(for: .seconds(1), scheduler: scheduler)
///             .cancellable(id: "unflip", cancelInFlight: true)
///     }
/// }
/// ```
///
/// A middleware that must also know the state *before* the action is a remembering
/// ``AnyMiddleware``; a store takes both forms in one list with `.list { }`
/// (``MiddlewareBuilder``).
public typealias Middleware<State, Action> = @Sendable (State, Action) -> Effect<Action>

import Effects

/// Side effects after an action: sees the new state and the action, returns an effect whose
/// actions are dispatched back into the store.
///
/// An *effect handler* (TCA's effects, redux-observable's epics), run after the reducer in the
/// order the store was given them; what ReSwift calls middleware is an ``Interceptor`` here. It
/// reads its clients and clocks with ``Dependency``, or is made by a function that captures them:
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
/// One that must also know the state *before* the action is a remembering ``AnyMiddleware``.
public typealias Middleware<State, Action> = @Sendable (State, Action) -> Effect<Action>

import Effects

/// Side effects after an action: sees the new state and the action, returns an effect whose
/// actions are dispatched back into the store.
///
/// Middlewares run after the reducer, in the order the store was given them. Return
/// ``/Effects/Effect/none`` when there is nothing to do (it costs nothing). Middlewares with
/// dependencies are made by a function that captures them:
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
public typealias Middleware<State, Action> = @Sendable (State, Action) -> Effect<Action>

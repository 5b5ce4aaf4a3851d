import Effects

/// Side effects after an action: sees the new state and the action, returns an effect whose
/// actions are dispatched back into the store.
///
/// A middleware here is an *effect handler*: what TCA's reducers return as effects, what
/// redux-observable calls an epic, what SwiftRex calls a middleware. It never sees an action
/// before the reducer and cannot stop one. What ReSwift and redux-js call middleware (a function
/// around `dispatch`, which sees each action first and calls `next`) is an ``Interceptor`` here.
///
/// Middlewares run after the reducer, in the order the store was given them. Return
/// ``/Effects/Effect/none`` when there is nothing to do (it costs nothing). A middleware reads
/// its clients and clocks from the store that runs it with ``Dependency`` (see
/// <doc:UsingDependencies>), or is made by a function that captures them:
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
/// This closure is the shorthand. A middleware that must also know the state *before* the
/// action (did the reducer accept it?) is a remembering ``AnyMiddleware``; a store takes
/// either, and both in one list with `.list { }` (see ``MiddlewareBuilder``). A feature's
/// middleware is lifted into the app's state and actions with
/// `pullback(_:state:action:)`.
public typealias Middleware<State, Action> = @Sendable (State, Action) -> Effect<Action>

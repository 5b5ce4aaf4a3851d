/// What can happen to a navigation stack of screens (TCA's `StackAction`): an action of one
/// screen, a push, or a pop.
///
/// ``forEach(_:stack:action:)->MutatingReducer<State,Action>`` reduces all three (see
/// <doc:Navigation>); a parent may also change its ``StackState`` in its own reducer.
public enum StackAction<Screen, ScreenAction> {
    /// An action of the screen with id `id`.
    case element(id: StackElementID, action: ScreenAction)
    /// Pushes a screen on top, with the stack's next id.
    case push(Screen)
    /// Pops the screen with id `id` and every screen above it.
    case popFrom(id: StackElementID)

    static var elementActions: ActionPath<StackAction, (StackElementID, ScreenAction)> {
        ActionPath(embed: { .element(id: $0.0, action: $0.1) }) {
            if case .element(let id, let action) = $0 { (id, action) } else { nil }
        }
    }
}

extension StackAction: Equatable where Screen: Equatable, ScreenAction: Equatable {}
extension StackAction: Sendable where Screen: Sendable, ScreenAction: Sendable {}

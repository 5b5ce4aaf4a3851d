import Effects

/// The scopes of a scoped store: a nested feature scopes from its own store with its own paths.
///
/// ```swift
/// let row = store.scope(element: 1, of: \Detail.rows, action: DetailAction.rowActions)
/// let sheet = row.scope(child: \Row.sheet, action: RowAction.sheetActions)
/// ```
///
/// An effect `sheet.run(_:)` starts belongs to both scopes: it ends when the sheet is dismissed,
/// or when row 1 is removed.
extension ScopedStore {
    /// A view of a part of this feature, deduplicated by `==`: a feature inside a feature.
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<ChildState, ChildAction> {
        narrowed(to: { $0[keyPath: path] }, action: action.embed, scope: nil) { $0 == $1 }
    }

    /// A view of a part of this feature whose state is not `Equatable`: its ``subscribe(_:)``
    /// calls back after every action.
    @_disfavoredOverload
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<ChildState, ChildAction> {
        narrowed(to: { $0[keyPath: path] }, action: action.embed, scope: nil, isDuplicate: nil)
    }

    /// A store of one element of a collection lifted with `forEach`: its actions embedded with
    /// its id, its effects scoped to the element.
    ///
    /// Its state is nil while no element has the id. An action sent then is ignored by `forEach`
    /// (and reported in debug builds); an effect run through it (``run(_:)``) ends when the
    /// element is removed, if its middleware is lifted with `forEach` too.
    ///
    /// - Complexity: Reading the state looks the element up by id: O(1).
    public func scope<Element: Identifiable & Equatable & Sendable, ElementAction: Sendable>(
        element id: Element.ID,
        of path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> ScopedStore<Element?, ElementAction> where Element.ID: Sendable {
        narrowed(
            to: { $0[keyPath: path][id: id] }, action: { action.embed((id, $0)) },
            scope: EffectID(EffectScope.element(id, of: path))
        ) { $0 == $1 }
    }

    /// A store of one element of a collection inside this feature's optional state (a list in
    /// a detail screen, or in a row): nil while this feature is gone too.
    public func scope<
        Wrapped: Sendable, Element: Identifiable & Equatable & Sendable, ElementAction: Sendable
    >(
        element id: Element.ID,
        of path: KeyPath<Wrapped, IdentifiedArray<Element>> & Sendable,
        action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> ScopedStore<Element?, ElementAction> where State == Wrapped?, Element.ID: Sendable {
        narrowed(
            to: { $0?[keyPath: path][id: id] }, action: { action.embed((id, $0)) },
            scope: EffectID(EffectScope.element(id, of: path))
        ) { $0 == $1 }
    }

    /// A store of an optional child lifted with `ifLet`, its effects scoped to the child.
    ///
    /// An action sent while the child is nil is ignored by `ifLet` (and reported in debug
    /// builds); an effect run through it (``run(_:)``) ends when the child goes (or, for an
    /// `Identifiable` child, another id replaces it), if its middleware is lifted with `ifLet`
    /// too.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> {
        narrowed(
            to: { $0[keyPath: path] }, action: action.embed,
            scope: EffectID(EffectScope.child(path))
        ) { $0 == $1 }
    }

    /// A store of an optional child inside this feature's optional state (a row's sheet, from
    /// the row's store): nil while this feature is gone too.
    public func scope<Wrapped: Sendable, Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<Wrapped, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> where State == Wrapped? {
        narrowed(
            to: { $0.flatMap { $0[keyPath: path] } }, action: action.embed,
            scope: EffectID(EffectScope.child(path))
        ) { $0 == $1 }
    }

    /// A store of one screen of a navigation stack inside this feature: as
    /// ``Store/scope(screen:of:action:)``.
    public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
        screen id: StackElementID,
        of path: KeyPath<State, StackState<Screen>> & Sendable,
        action: ActionPath<Action, StackAction<Screen, ScreenAction>>
    ) -> ScopedStore<Screen?, ScreenAction> {
        narrowed(
            to: { $0[keyPath: path][id: id] },
            action: { [embed = action.embed] in embed(.element(id: id, action: $0)) },
            scope: EffectID(EffectScope.screen(id, of: Screen.self)),
            within: EffectID(EffectScope.stack(path))
        ) { $0 == $1 }
    }

    /// A store of a presented child inside this feature: as ``Store/scope(presented:action:)``.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }

    /// A store of a presented child of an optional feature (a screen's sheet, from the screen's
    /// store): as the other `scope(presented:action:)`, nil also while the feature is not there.
    public func scope<Wrapped: Sendable, Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<Wrapped, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> where State == Wrapped? {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }

    /// Every scope: effects mapped as actions are, scoped to `scope` (inside `outer`) if any.
    @usableFromInline
    func narrowed<Part: Sendable, PartAction: Sendable>(
        to part: @escaping @Sendable (State) -> Part,
        action embed: @escaping @Sendable (PartAction) -> Action,
        scope: EffectID?,
        within outer: EffectID? = nil,
        isDuplicate: (@Sendable (Part, Part) -> Bool)?
    ) -> ScopedStore<Part, PartAction> {
        let (read, send, start, observe) = (read, send, start, observe)
        let inner: @Sendable (Effect<PartAction>) -> Effect<Action> =
            if let scope { { $0.scoped(to: scope, map: embed) } } else { { $0.map(embed) } }
        // A stack's screen: its scope sits inside the stack's (see `forEach(_:stack:action:)`).
        let lift: @Sendable (Effect<PartAction>) -> Effect<Action> =
            if let outer { { inner($0).scoped(to: outer) } } else { inner }
        return ScopedStore<Part, PartAction>(
            read: { part(read()) },
            send: { send(embed($0)) },
            start: { start(lift($0)) },
            observe: { observer in observe { observer(part($0)) } },
            isDuplicate: isDuplicate
        )
    }
}

import Effects
import Observation

/// A view of a ``Store`` or a ``ScopedStore`` for the Observation framework (SwiftUI,
/// `withObservationTracking`): each field read through its members, and each element read by
/// position or id, is tracked on its own, so a view is told only of changes it read.
///
/// ```swift
/// let model = ObservableStore(store)
/// withObservationTracking {
///     render(moves: model.moves, firstCard: model[\.cards, at: 0])
/// } onChange: {
///     scheduleRedraw()   // only when the moves or the first card change
/// }
/// ```
///
/// It works as an `@Observable` model does, without macros: after each action it compares every
/// part read (a key path, an element's index or id) with the value last seen of it, and tells
/// of those that changed. An action costs one `==` per part read, except for the rows of an
/// ``IdentifiedArray`` read by id, compared only after an action that wrote them.
///
/// A feature's view scopes its store (``scope(state:action:)``, ``scope(element:of:action:)``,
/// ``scope(child:action:)-(KeyPath<State,Child?>Sendable,_)``): a row view reads `row.title`, tracked per field, and `row.state`,
/// told only when its row changes. A root store's ``state``, and members whose type is not
/// `Equatable`, are told after every action. A field named like a member of the view itself
/// (`state`, `dispatch`) is read by key path: `model[\.state]`.
///
/// Changes are reported where the store's observers run (a scoped view's, where its root's
/// do). For SwiftUI, make the store's home the main actor, as
/// ``init(initial:mutatingReducer:interceptors:middlewares:taskExecutor:)-(_,_,_,[AnyMiddleware<State,Action>],_)``
/// does.
@dynamicMemberLookup
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable, Sendable {
    /// Held by the store's subscription, not the view: releasing the view unsubscribes.
    @usableFromInline let parts = ObservedParts<State>()
    @usableFromInline let read: @Sendable () -> State
    @usableFromInline let send: @Sendable (Action) -> Void
    @usableFromInline let observe: @Sendable (@escaping @Sendable (State) -> Void) -> AnyCancellable
    /// How ``state`` is compared; nil to tell it after every action.
    @usableFromInline let isSame: (@Sendable (State, State) -> Bool)?
    @usableFromInline let subscription = Lock<AnyCancellable?>(nil)

    @inlinable
    init(
        read: @escaping @Sendable () -> State,
        send: @escaping @Sendable (Action) -> Void,
        observe: @escaping @Sendable (@escaping @Sendable (State) -> Void) -> AnyCancellable,
        isSame: (@Sendable (State, State) -> Bool)?
    ) {
        self.read = read
        self.send = send
        self.observe = observe
        self.isSame = isSame
        let token = observe { [parts] state in parts.update(state) }
        subscription.withLock { $0 = token }
    }

    /// Watches `store`, and keeps it alive.
    @inlinable
    public convenience init(_ store: Store<State, Action>) {
        self.init(
            read: { store.state }, send: { store.dispatch($0) }, observe: { store.subscribe($0) },
            isSame: nil)
    }

    /// Watches a part of a store, and keeps it alive: a feature's view, its actions sent,
    /// embedded, to the root store.
    ///
    /// ```swift
    /// let settings = ObservableStore(appStore.scope(state: \.settings, action: settingsActions))
    /// ```
    @inlinable
    public convenience init(_ store: ScopedStore<State, Action>) {
        self.init(
            read: { store.state }, send: { store.dispatch($0) }, observe: { store.observe($0) },
            isSame: store.isDuplicate)
    }

    /// The latest state, tracked whole: told when it changes (`==`) in a scoped view of an
    /// `Equatable` state, after every action otherwise.
    public var state: State {
        track { state, table in
            guard let isSame else { return (state, table.recordUncompared(.whole)) }
            let value = Compared(state, isSame: isSame)
            return (state, table.recordPart(.whole, value: value) { Compared($0, isSame: isSame) })
        }
    }

    /// A field of the state, tracked on its own: told when its value changes (`==`).
    @inlinable
    public subscript<Value: Equatable & Sendable>(
        dynamicMember path: KeyPath<State, Value> & Sendable
    ) -> Value {
        self[path]
    }

    /// A field of the element of a scoped view that may be gone (``scope(element:of:action:)``,
    /// ``scope(child:action:)-(KeyPath<State,Child?>Sendable,_)``), nil once it is: `row.title`, tracked on its own.
    @inlinable
    public subscript<Wrapped, Value: Equatable & Sendable>(
        dynamicMember path: KeyPath<Wrapped, Value> & Sendable
    ) -> Value? where State == Wrapped? {
        track { state, table in
            let value = state?[keyPath: path]
            return (value, table.recordPart(.field(path), value: value) { $0?[keyPath: path] })
        }
    }

    /// An identified collection read whole (a list view's `ForEach`): told when a row of it is
    /// written (even with the value it had), moved, added or removed. Read a row by id,
    /// ``subscript(_:id:)``, to be told of that row alone.
    @inlinable
    public subscript<Element: Identifiable & Equatable & Sendable>(
        dynamicMember path: KeyPath<State, IdentifiedArray<Element>> & Sendable
    ) -> IdentifiedArray<Element> where Element.ID: Sendable {
        track { state, table in
            let elements = state[keyPath: path]
            return (elements, table.recordCollection(path, revision: elements.revision))
        }
    }

    /// A field of the state whose type is not `Equatable`, told after every action.
    @_disfavoredOverload
    public subscript<Value: Sendable>(dynamicMember path: KeyPath<State, Value> & Sendable)
        -> Value
    {
        parts.access(parts.table.withLock { $0.recordUncompared(.field(path)) })
        return read()[keyPath: path]
    }

    /// Any part of the state a key path reaches, tracked on its own, read again in each new
    /// state (so it must not trap there: for a position in an array, use ``subscript(_:at:)``).
    ///
    /// ```swift
    /// let best = model[\.highScores.first]   // only when the best score changes
    /// ```
    @inlinable
    public subscript<Value: Equatable & Sendable>(_ path: KeyPath<State, Value> & Sendable) -> Value
    {
        track { state, table in
            let value = state[keyPath: path]
            return (value, table.recordField(path, value: value))
        }
    }

    /// The element at a position of a collection in the state, nil when there is none, tracked
    /// on its own: told when that element changes, or the position appears or goes.
    ///
    /// ```swift
    /// let card = model[\.cards, at: 3]   // the fourth card, nil when there are fewer
    /// ```
    @inlinable
    public subscript<Elements: RandomAccessCollection & Sendable>(
        _ path: KeyPath<State, Elements> & Sendable, at index: Elements.Index
    ) -> Elements.Element?
    where Elements.Element: Equatable & Sendable, Elements.Index: Hashable & Sendable {
        track { state, table in
            let elements = state[keyPath: path]
            let element =
                index >= elements.startIndex && index < elements.endIndex ? elements[index] : nil
            return (element, table.recordElement(of: path, at: index, value: element))
        }
    }

    /// The element of an identified collection with the given id, nil when there is none,
    /// tracked on its own: told when it changes, goes or comes, not when others change or move.
    ///
    /// ```swift
    /// let todo = model[\.todos, id: 3]   // row 3, nil when there is none
    /// ```
    @inlinable
    public subscript<Element: Identifiable & Equatable & Sendable>(
        _ path: KeyPath<State, IdentifiedArray<Element>> & Sendable, id id: Element.ID
    ) -> Element? where Element.ID: Sendable {
        track { state, table in
            let elements = state[keyPath: path]
            let element = elements[id: id]
            return (
                element,
                table.recordIdentified(
                    of: path, id: id, value: element, revision: elements.revision)
            )
        }
    }

    /// Reads the state and records what `body` read of it under one lock, so that no action is
    /// compared in between; tells the registrar after unlocking.
    @inlinable
    func track<Value: Sendable>(
        _ body: (State, inout sending ObservationTable<State>) -> (Value, ObservedPart.Path)
    ) -> Value {
        let (value, part) = parts.table.withLock { table in body(read(), &table) }
        parts.access(part)
        return value
    }

    /// Dispatches `action` to the store.
    @inlinable
    public func dispatch(_ action: Action) { send(action) }

    /// How many parts are tracked, for tests.
    package var trackedCount: Int { parts.table.withLock { $0.count } }
}

/// What an ``ObservableStore``'s observers read, and the registrar that tells them.
@usableFromInline
final class ObservedParts<State: Sendable>: Sendable {
    @usableFromInline let subject = ObservedSubject()
    /// Compared under this lock; the registrar is called outside it.
    @usableFromInline let table = Lock(ObservationTable<State>())

    @inlinable init() {}

    @inlinable
    func access(_ part: ObservedPart.Path) {
        subject.registrar.access(subject, keyPath: part)
    }

    /// Compares what observers read with `state`, and tells those whose part changed.
    @inlinable
    func update(_ state: State) {
        let changed = table.withLock { $0.changes(in: state) }
        for part in changed {
            subject.registrar.withMutation(of: subject, keyPath: part.path) {}
        }
    }
}

/// What an ``ObservableStore``'s registrar reports on, one key path `\.[part: n]` per part:
/// a number hashes cheaply, and a non-generic type makes key paths without generic arguments.
@usableFromInline
final class ObservedSubject: Observable, Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @inlinable init() {}

    /// Only the key path matters to the registrar.
    @usableFromInline subscript(part number: Int) -> Int { number }

    @usableFromInline
    static func path(ofPart number: Int) -> ObservedPart.Path {
        \ObservedSubject.[part: number]
    }
}

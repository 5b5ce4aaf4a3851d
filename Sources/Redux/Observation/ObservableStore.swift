import Effects
import Observation

/// A view of a ``Store`` or a ``ScopedStore`` for the Observation framework: SwiftUI views (or
/// any code using `withObservationTracking`) are told of a change only when something they read
/// changed.
///
/// Read the state's fields through the store's members, or an element of a collection by its
/// position or id: each read is tracked on its own.
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
/// It works as an `@Observable` model does, without macros: every part read (a key path, an
/// element's index or id) gets the value last seen of it and a key path of its own in the
/// registrar. After each action the view compares every part with the new state and tells the
/// registrar of those that changed: an action that changes nothing read tells nobody, and every
/// change of a part is told, so a view that read a part just before a change and began
/// observing just after is told of the next. The cost of an action is one `==` per part read,
/// except for the rows of an ``IdentifiedArray`` read by id, compared only after an action that
/// wrote the collection. A part stays for the view's life.
///
/// A feature's view scopes its store (``scope(state:action:)``, ``scope(element:of:action:)``,
/// ``scope(child:action:)-(KeyPath<State,Child?>Sendable,_)``): a row view reads `row.title`, tracked per field, and `row.state`,
/// told only when its row changes. A root store's ``state``, and members whose type is not
/// `Equatable`, are told after every action. A field named like a member of the view itself
/// (`state`, `dispatch`) is read by key path: `model[\.state]`.
///
/// Changes are reported where the store's observers run: on its home if it has one, on the
/// thread that processes the action if not. For SwiftUI, make the store's home the main actor
/// (``init(initial:mutatingReducer:interceptors:middlewares:)-(_,_,_,[AnyMiddleware<State,Action>])``
/// does), so that views update on the main actor whichever thread sent the action. A scoped
/// view shares its root store's home.
@dynamicMemberLookup
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable, Sendable {
    /// The registrar and what observers read; the store's subscription holds it, not this view.
    @usableFromInline let parts = ObservedParts<State>()
    @usableFromInline let read: @Sendable () -> State
    @usableFromInline let send: @Sendable (Action) -> Void
    /// Calls an observer with this view's state now and after every action of the root store.
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

    /// Watches a part of a store, and keeps it alive: a feature's view, told only of changes in
    /// the feature's state, each observer only of what it read; actions are sent, embedded, to
    /// the root store, and changes reported where it reports them.
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

    /// The latest state. Reading it inside `withObservationTracking` tracks all of it: the
    /// observer is told when it changes (`==`) in a scoped view of an `Equatable` state, after
    /// every action otherwise. Read fields through the members (`model.title`) to be told only
    /// of theirs.
    public var state: State {
        let (state, part) = parts.table.withLock { table in
            let state = read()
            guard let isSame else { return (state, table.recordWhole()) }
            return (state, table.recordWhole(state, isSame: isSame))
        }
        parts.access(part)
        return state
    }

    /// A field of the state, tracked on its own: its observers are told when its value changes
    /// (`==`), and only then.
    ///
    /// - Complexity: O(1) to read; the value is compared once after each action.
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
        let (value, part) = parts.table.withLock { table in
            let value = read()?[keyPath: path]
            return (value, table.recordWrappedField(path, value: value))
        }
        parts.access(part)
        return value
    }

    /// An identified collection read whole (a list view's `ForEach`): its observers are told
    /// when a row of it is written, moved, added or removed, in O(1) and with no copy kept; a
    /// row written with the value it had counts as a change. Read a row by id,
    /// ``subscript(_:id:)``, to be told of that row alone.
    @inlinable
    public subscript<Element: Identifiable & Equatable & Sendable>(
        dynamicMember path: KeyPath<State, IdentifiedArray<Element>> & Sendable
    ) -> IdentifiedArray<Element> where Element.ID: Sendable {
        let (elements, part) = parts.table.withLock { table in
            let elements = read()[keyPath: path]
            return (elements, table.recordCollection(path, revision: elements.revision))
        }
        parts.access(part)
        return elements
    }

    /// A field of the state whose type is not `Equatable`: its observers are told after every
    /// action.
    @_disfavoredOverload
    public subscript<Value: Sendable>(dynamicMember path: KeyPath<State, Value> & Sendable)
        -> Value
    {
        parts.access(parts.table.withLock { $0.recordUncomparedField(path) })
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
        let (value, part) = parts.table.withLock { table in
            // Read under the lock, so that no action is compared between the read and its
            // record: the store sets a state before calling its observers.
            let value = read()[keyPath: path]
            return (value, table.recordField(path, value: value))
        }
        parts.access(part)
        return value
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
        let (element, part) = parts.table.withLock { table in
            let elements = read()[keyPath: path]
            let element =
                index >= elements.startIndex && index < elements.endIndex ? elements[index] : nil
            return (element, table.recordElement(of: path, at: index, value: element))
        }
        parts.access(part)
        return element
    }

    /// The element of an identified collection with the given id, nil when there is none,
    /// tracked on its own: told when it changes, goes or comes, not when others change or move.
    ///
    /// ```swift
    /// let todo = model[\.todos, id: 3]   // row 3, nil when there is none
    /// ```
    ///
    /// - Complexity: O(1) to read; after an action, O(1) when the collection was not written,
    ///   one `==` per row read by id when it was.
    @inlinable
    public subscript<Element: Identifiable & Equatable & Sendable>(
        _ path: KeyPath<State, IdentifiedArray<Element>> & Sendable, id id: Element.ID
    ) -> Element? where Element.ID: Sendable {
        let (element, part) = parts.table.withLock { table in
            let elements = read()[keyPath: path]
            let element = elements[id: id]
            let part = table.recordIdentified(
                of: path, id: id, value: element, revision: elements.revision)
            return (element, part)
        }
        parts.access(part)
        return element
    }

    /// Dispatches `action` to the store.
    @inlinable
    public func dispatch(_ action: Action) {
        send(action)
    }

    /// How many parts are tracked, for tests.
    package var trackedCount: Int {
        parts.table.withLock { $0.count }
    }
}

/// What an ``ObservableStore``'s observers read, and the registrar that tells them.
///
/// The store's subscription holds this strongly, not the view: the view holds the
/// subscription's token, so releasing the view unsubscribes and releases this.
@usableFromInline
final class ObservedParts<State: Sendable>: Sendable {
    @usableFromInline let subject = ObservedSubject()
    /// What observers read, with the values last seen: compared (`==` on the state's values)
    /// under this lock, the registrar called outside it.
    @usableFromInline let table = Lock(ObservationTable<State>())

    @inlinable init() {}

    /// Tells the registrar that the part with key path `part` was read.
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

/// The object an ``ObservableStore``'s registrar reports on, with one key path per part read,
/// `\.[part: n]`, made once when the part is first read. A number hashes cheaply (the
/// registrar hashes key paths on every read and change), and a type that is not generic makes
/// its key paths without resolving generic arguments.
@usableFromInline
final class ObservedSubject: Observable, Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @inlinable init() {}

    /// The value of a part in the registrar's eyes: only its key path matters.
    @usableFromInline subscript(part number: Int) -> Int { number }

    /// The key path that stands for part `number`.
    @usableFromInline
    static func path(ofPart number: Int) -> ObservedPart.Path {
        \ObservedSubject.[part: number]
    }
}

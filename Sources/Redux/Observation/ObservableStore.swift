import Effects
import Observation

/// A view of a ``Store`` or a ``ScopedStore`` for the Observation framework: SwiftUI views (or
/// any code using `withObservationTracking`) are told of a change only when something they read
/// changed.
///
/// Read the state's fields through the store's members, or an element of a collection by its
/// position or key path: each read is tracked on its own.
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
/// How it works, without macros, as an `@Observable` model works: every part read (the key path
/// read, and for an element its index or id) becomes a part of the view, with the value last
/// seen of it and a key path of its own in the view's registrar. After each action the view
/// compares every part with the new state and tells the registrar of those that changed, which
/// tells their observers: an action that changes nothing read tells nobody, and every change of
/// a part is told, so a view that read a part just before a change and began observing it just
/// after (as `withObservationTracking` does, once the body has returned) is told of the next.
/// The cost of an action is one `==` per part read (a few nanoseconds for an element of a
/// collection), except for the rows of an ``IdentifiedArray`` read by id
/// (``subscript(_:id:)``): the collection notes which ids each action touched, and only those
/// rows are compared, so a list's row views cost about nothing until their row changes. Stores
/// that have no `ObservableStore` pay nothing for this. A part stays for the view's life: the
/// view holds one part per distinct thing ever read through it.
///
/// ``state`` reads the whole state and is told of every action, as are members whose type is not
/// `Equatable`. A field named like a member of the view itself (`state`, `dispatch`) is read by
/// key path: `model[\.state]`.
///
/// Changes are reported where the store's observers run: on its home if it has one, on the
/// thread that processes the action if not. For SwiftUI, make the store's home the main actor,
/// or let ``init(initial:mutatingReducer:interceptors:middlewares:)-(_,_,_,[AnyMiddleware<State,Action>])``
/// do it, so that views always update on the main actor whichever thread or effect sent the
/// action. An observable view of a scoped store, ``init(_:)-(ScopedStore<State,Action>)``,
/// shares its root store's home.
@dynamicMemberLookup
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable, Sendable {
    /// The registrar and what observers read; the store's subscription holds it, not this view,
    /// so that the store calls it without a weak reference (see ``ObservedParts``).
    @usableFromInline let parts = ObservedParts<State>()
    @usableFromInline let read: @Sendable () -> State
    @usableFromInline let send: @Sendable (Action) -> Void
    @usableFromInline let subscription = Lock<AnyCancellable?>(nil)

    @inlinable
    init(
        read: @escaping @Sendable () -> State,
        send: @escaping @Sendable (Action) -> Void,
        subscribe: (@escaping @Sendable (State) -> Void) -> AnyCancellable
    ) {
        self.read = read
        self.send = send
        let token = subscribe { [parts] state in
            parts.update(state)
        }
        subscription.withLock { $0 = token }
    }

    /// Watches `store`.
    ///
    /// - Parameter store: The store to observe; it is kept alive by this view.
    @inlinable
    public convenience init(_ store: Store<State, Action>) {
        self.init(
            read: { store.state },
            send: { store.dispatch($0) },
            subscribe: { store.subscribe($0) })
    }

    /// Watches a part of a store: a feature's view, for the feature's views.
    ///
    /// ```swift
    /// let settings = ObservableStore(appStore.scope(state: \.settings, action: settingsActions))
    /// withObservationTracking {
    ///     render(darkMode: settings.isDarkMode)
    /// } onChange: {
    ///     scheduleRedraw()   // only when dark mode is turned on or off
    /// }
    /// ```
    ///
    /// Its observers are told only of changes in the feature's part of the state, each only of
    /// the fields it read; actions are sent, embedded, to the root store. It has no home of its
    /// own: changes are reported where the root store calls its observers, so a root store at
    /// home on the main actor makes every scoped view report there.
    ///
    /// - Parameter store: The scoped store to observe; it is kept alive by this view, and keeps
    ///   its root store alive.
    @inlinable
    public convenience init(_ store: ScopedStore<State, Action>) {
        self.init(
            read: { store.state },
            send: { store.dispatch($0) },
            subscribe: { store.observe($0) })
    }

    /// The latest state; reading it inside `withObservationTracking` tracks all of it: the
    /// observer is told after every action.
    ///
    /// Read fields through the store's members (`model.title`) to be told only of their changes.
    public var state: State {
        parts.access(parts.table.withLock { $0.recordWhole() })
        return read()
    }

    /// A field of the state, tracked on its own: an observer that read it is told when its
    /// value changes (`==`), and only then.
    ///
    /// ```swift
    /// let moves = model.moves   // tracks \.moves alone
    /// ```
    ///
    /// - Parameter path: The field, for example `\.moves`.
    /// - Complexity: O(1) to read; the value is compared once after each action.
    @inlinable
    public subscript<Value: Equatable & Sendable>(
        dynamicMember path: KeyPath<State, Value> & Sendable
    ) -> Value {
        self[path]
    }

    /// An identified collection of the state, read whole (a list view's `ForEach`): an
    /// observer that read it is told when a row of it is written, moved, added or removed, and
    /// not otherwise.
    ///
    /// ```swift
    /// let todos = model.todos   // told when any row changes, or the rows change
    /// ```
    ///
    /// It is not compared row by row: the store keeps a token the collection replaces on its
    /// first write after that, so telling whether it changed is O(1) however many rows it holds,
    /// and no copy of it is kept (a kept copy would make the reducer's next change copy all the
    /// rows). The price: a row written with the value it had counts as a change. To be told only
    /// of one row, read it by id, ``subscript(_:id:)``.
    ///
    /// - Parameter path: The collection, for example `\.todos`.
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

    /// A field of the state whose type is not `Equatable`: an observer that read it is told
    /// after every action.
    ///
    /// - Parameter path: The field.
    @_disfavoredOverload
    public subscript<Value: Sendable>(dynamicMember path: KeyPath<State, Value> & Sendable)
        -> Value
    {
        parts.access(parts.table.withLock { $0.recordUncomparedField(path) })
        return read()[keyPath: path]
    }

    /// Any part of the state a key path reaches, tracked on its own: a nested field, a value of
    /// a dictionary, an element by its id.
    ///
    /// ```swift
    /// let mismatch = model[\.isMismatch]     // a computed property, compared after each action
    /// let best = model[\.highScores.first]   // only when the best score changes
    /// ```
    ///
    /// After each action, the key path is read again in the new state:
    /// it must not trap there. A dictionary's key and an identified collection's `[id:]` give an
    /// optional, safe; for a position in an array, which may go away, use ``subscript(_:at:)``.
    ///
    /// - Parameter path: The part of the state.
    @inlinable
    public subscript<Value: Equatable & Sendable>(_ path: KeyPath<State, Value> & Sendable) -> Value
    {
        let (value, part) = parts.table.withLock { table in
            // Read under the lock, so that no action can be compared between the read and its
            // record: the store sets a state before calling its observers, so any state read
            // here reaches ``ObservedParts/update(_:)`` after this.
            let value = read()[keyPath: path]
            return (value, table.recordField(path, value: value))
        }
        parts.access(part)
        return value
    }

    /// The element at a position of a collection in the state, tracked on its own: an
    /// observer that read it is told when that element changes (`==`), or when the position
    /// appears or goes away, and not when other elements change.
    ///
    /// ```swift
    /// let card = model[\.cards, at: 3]   // the fourth card, nil when there are fewer
    /// ```
    ///
    /// - Parameters:
    ///   - path: The collection, for example `\.cards`.
    ///   - index: The element's position.
    /// - Returns: The element, or nil when `index` is not a valid position.
    /// - Complexity: O(1) to read; after each action, a comparison of a few nanoseconds (the
    ///   collection is read once for all of its tracked elements).
    @inlinable
    public subscript<Elements: RandomAccessCollection & Sendable>(
        _ path: KeyPath<State, Elements> & Sendable, at index: Elements.Index
    ) -> Elements.Element?
    where Elements.Element: Equatable & Sendable, Elements.Index: Hashable & Sendable {
        let (element, part) = parts.table.withLock { table in
            let elements = read()[keyPath: path]
            let element =
                index >= elements.startIndex && index < elements.endIndex
                ? elements[index] : nil
            return (element, table.recordElement(of: path, at: index, value: element))
        }
        parts.access(part)
        return element
    }

    /// The element of an identified collection in the state with the given id, tracked on its
    /// own: an observer that read it is told when that element changes (`==`), is removed, or
    /// (when it was not there) is added, and not when other elements change or move.
    ///
    /// ```swift
    /// let todo = model[\.todos, id: 3]   // row 3, nil when there is none
    /// ```
    ///
    /// This is the read to use for a list's rows: after an action that did not write the
    /// collection the store compares none of them, so 1,000 row views cost about as much as
    /// one; after one that did, it compares each row read. (`model[\.todos[id: 3]]`, a key
    /// path, works too, but is compared after every action, one comparison per row read.)
    ///
    /// - Parameters:
    ///   - path: The identified collection, for example `\.todos`.
    ///   - id: The element's id.
    /// - Returns: The element, or nil when no element has that id.
    /// - Complexity: O(1) to read; after an action, O(1) when the collection was not written,
    ///   O(rows read) when it was.
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
    ///
    /// - Parameter action: The action to process.
    @inlinable
    public func dispatch(_ action: Action) {
        send(action)
    }

    /// How many parts are tracked, for tests.
    package var trackedCount: Int {
        parts.table.withLock { $0.count }
    }
}

/// What an ``ObservableStore``'s observers read, and the registrar that tells them: the part of the view its store's subscription holds.
///
/// The subscription holds this, strongly, and not the view: the view holds the subscription's
/// token, so releasing the view unsubscribes and releases this. A weak reference to the view in
/// the subscription cost about 100 ns an action (measured; see the Performance article).
@usableFromInline
final class ObservedParts<State: Sendable>: Sendable {
    /// What the registrar is told about: one key path per part, on a type that is not generic.
    @usableFromInline let subject = ObservedSubject()
    /// What observers read, with the values last seen. Its comparisons (`==` on the
    /// state's values, nothing else of the user's) run under this lock; the registrar is called
    /// outside it.
    ///
    /// The reads are inlinable so that what they record compares specialized for the state's
    /// types (see ``ObservationTable``).
    @usableFromInline let table = Lock(ObservationTable<State>())

    @inlinable
    init() {}

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

/// The object an ``ObservableStore``'s registrar reports on, with one key path per part read:
/// `\.[part: n]`, where `n` numbers the part in its table, for the part's life.
///
/// Each part's key path is made once, when the part is first read, and kept with it, so that
/// telling its observers makes none. The key paths are cheap to hash, which the registrar does
/// on every read and every change: they carry a number, not the part's key (a key path and an
/// id, whose hashing was most of a notification's cost). And the type is not generic, so that
/// making one resolves no generic arguments (which was most of making one).
@usableFromInline
final class ObservedSubject: Observable, Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @inlinable
    init() {}

    /// The value of a part in the registrar's eyes: only its key path matters.
    @usableFromInline
    subscript(part number: Int) -> Int { number }

    /// The key path that stands for part `number`.
    @usableFromInline
    static func path(ofPart number: Int) -> ObservedPart.Path {
        \ObservedSubject.[part: number]
    }
}

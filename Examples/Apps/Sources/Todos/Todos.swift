import Effects
import Redux

/// One to-do: what to do, whether it is done, and what the server last saved of it.
public struct Todo: Identifiable, Equatable, Sendable {
    /// Which to-do it is.
    public let id: Int
    /// What to do.
    public var title = ""
    /// Whether it is done.
    public var isDone = false
    /// The title and done flag the server holds, once a save went through; nil before.
    public var saved: Saved?

    /// A to-do as the server last saved it.
    public struct Saved: Equatable, Sendable {
        /// The title saved.
        public var title: String
        /// The done flag saved.
        public var isDone: Bool

        /// A saved title and flag.
        public init(title: String, isDone: Bool) {
            self.title = title
            self.isDone = isDone
        }
    }

    /// A new to-do, not saved yet.
    public init(id: Int, title: String = "", isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// What can happen to one to-do.
public enum TodoAction: Equatable, Sendable {
    /// The user changed the title.
    case titleChanged(String)
    /// The user ticked or unticked it.
    case toggled
    /// The server saved it as it was then.
    case saved(Todo.Saved)
}

/// The one save a to-do has pending: an edit replaces the pending save of the same to-do, and
/// never another's (under `forEach`, an id means "this id of this row").
private enum TodoSave: Hashable, Sendable {
    case pending
}

/// Changes one to-do in place.
public let todoReducer: MutatingReducer<Todo, TodoAction> = { todo, action in
    switch action {
    case .titleChanged(let title): todo.title = title
    case .toggled: todo.isDone.toggle()
    case .saved(let saved): todo.saved = saved
    }
}

/// Saves a to-do through `save` one second after its last edit.
///
/// - Parameters:
///   - save: Sends a to-do to the server.
///   - scheduler: Where the second is waited.
/// - Returns: The middleware of one to-do.
public func saving(
    with save: @escaping @Sendable (Todo) async -> Void, scheduler: some Scheduler
) -> Middleware<Todo, TodoAction> {
    { todo, action in
        switch action {
        case .titleChanged, .toggled:
            return Effect.run { send in
                await save(todo)
                await send(.saved(Todo.Saved(title: todo.title, isDone: todo.isDone)))
            }
            .debounce(id: TodoSave.pending, for: .seconds(1), scheduler: scheduler)
        case .saved:
            return .none
        }
    }
}

/// Which to-dos the list shows.
public enum Filter: Equatable, Sendable {
    /// Every to-do.
    case all
    /// The ones not done.
    case active
    /// The ones done.
    case completed
}

/// The list of to-dos, and which of them it shows.
public struct Todos: Equatable, Sendable {
    /// The to-dos, in order.
    public var todos: IdentifiedArrayOf<Todo> = []
    /// Which to-dos are shown.
    public var filter = Filter.all
    /// The id the next new to-do gets.
    public var nextID = 1

    /// The to-dos the filter lets through, in order.
    public var visible: [Todo] {
        switch filter {
        case .all: Array(todos)
        case .active: todos.filter { !$0.isDone }
        case .completed: todos.filter(\.isDone)
        }
    }

    /// An empty list.
    public init() {}
}

/// What can happen to the list.
public enum TodosAction: Equatable, Sendable {
    /// Adds an empty to-do at the end.
    case add
    /// Deletes a to-do, and whatever it was still saving.
    case delete(id: Int)
    /// Moves a to-do to the top of the list; a save it has pending still happens.
    case moveToTop(id: Int)
    /// Shows another part of the list.
    case filter(Filter)
    /// Something happened to one to-do.
    case todo(id: Int, TodoAction)

    /// Where a to-do's id and action sit among the list's actions.
    public static let todoActions = ActionPath(TodosAction.todo) {
        if case .todo(let id, let action) = $0 { (id, action) } else { nil }
    }
}

/// Changes the list in place: adding, deleting, moving and filtering here, each to-do by its own
/// reducer.
public let todosReducer: MutatingReducer<Todos, TodosAction> = combine(
    // Each to-do first: a to-do sees its own action before the list may remove it.
    forEach(todoReducer, state: \Todos.todos, action: TodosAction.todoActions),
    { list, action in
        switch action {
        case .add:
            list.todos.append(Todo(id: list.nextID))
            list.nextID += 1
        case .delete(let id):
            list.todos.remove(id: id)
        case .moveToTop(let id):
            // Removed and inserted again in one action: `forEach` sees the same id before and
            // after, so the to-do keeps its effects (its pending save among them).
            if let todo = list.todos.remove(id: id) {
                list.todos.insert(todo, at: 0)
            }
        case .filter(let filter):
            list.filter = filter
        case .todo:
            break
        }
    }
)

/// The list's middlewares: each to-do saves itself, and a deleted one saves nothing more.
///
/// - Parameters:
///   - save: Sends a to-do to the server.
///   - scheduler: Where the saves wait.
/// - Returns: The middlewares to give the store.
public func todosMiddlewares(
    save: @escaping @Sendable (Todo) async -> Void, scheduler: some Scheduler
) -> [AnyMiddleware<Todos, TodosAction>] {
    [
        forEach(
            saving(with: save, scheduler: scheduler), state: \Todos.todos,
            action: TodosAction.todoActions)
    ]
}

import Effects
import Redux

/// A row of a to-do list that saves itself one second after a toggle (unless toggled again),
/// and searches 300 ms after typing stops, written against its own state and actions only: the
/// habits The Composable Architecture teaches, one `CancelID` enum inside the feature.
struct TodoRow: Identifiable, Equatable, Sendable {
    let id: Int
    var isDone = false
    var saves: [Bool] = []
    var query = ""
    var searched: [String] = []
}

enum TodoRowAction: Equatable, Sendable {
    case toggle
    case saved(Bool)
    case type(String)
    case search(String)
}

enum TodoRowCancelID: Hashable, Sendable {
    case save
    case search
}

let todoRowReducer: MutatingReducer<TodoRow, TodoRowAction> = { row, action in
    switch action {
    case .toggle: row.isDone.toggle()
    case .saved(let isDone): row.saves.append(isDone)
    case .type(let query): row.query = query
    case .search(let query): row.searched.append(query)
    }
}

func todoRowEffects(scheduler: some Scheduler) -> Middleware<TodoRow, TodoRowAction> {
    { row, action in
        switch action {
        case .toggle:
            Effect.just(.saved(row.isDone))
                .delay(for: .seconds(1), scheduler: scheduler)
                .cancellable(id: TodoRowCancelID.save, cancelInFlight: true)
        case .type(let query):
            Effect.just(.search(query))
                .debounce(id: TodoRowCancelID.search, for: .milliseconds(300), scheduler: scheduler)
        case .saved, .search:
            .none
        }
    }
}

/// The list: rows, a deletion, and a way for the list to stop one row's pending save.
struct Todos: Equatable, Sendable {
    var rows: IdentifiedArray<TodoRow> = []
}

enum TodosAction: Equatable, Sendable {
    case row(Int, TodoRowAction)
    case delete(Int)
    case add(Int)
    case stopSaving(Int)
    /// Keeps only these rows, in a collection made anew (not by removing the others).
    case keepOnly(Set<Int>)
    /// Removes every row whose id is at least this.
    case deleteFrom(Int)
    /// Removes every row.
    case deleteAll
    /// Removes each of these rows and adds it back at the end, in one action.
    case removeAndAddBack([Int])
    /// Moves these rows to the top, in this order, in one action.
    case moveToTop([Int])

    static let rowActions = ActionPath<TodosAction, (Int, TodoRowAction)>(
        embed: { TodosAction.row($0.0, $0.1) },
        extract: {
            guard case .row(let id, let action) = $0 else { return nil }
            return (id, action)
        })
}

let todosListReducer: MutatingReducer<Todos, TodosAction> = { todos, action in
    switch action {
    case .delete(let id): todos.rows.remove(id: id)
    case .add(let id): todos.rows.append(TodoRow(id: id))
    case .keepOnly(let ids):
        todos.rows = IdentifiedArray(uniqueElements: todos.rows.filter { ids.contains($0.id) })
    case .deleteFrom(let first): todos.rows.removeAll { $0.id >= first }
    case .deleteAll: todos.rows.removeAll()
    case .removeAndAddBack(let ids):
        for id in ids {
            if let row = todos.rows.remove(id: id) { todos.rows.append(row) }
        }
    case .moveToTop(let ids):
        for id in ids.reversed() {
            if let position = todos.rows.index(id: id) {
                todos.rows.move(fromOffsets: [position], toOffset: 0)
            }
        }
    case .row, .stopSaving: break
    }
}

let todosReducer: MutatingReducer<Todos, TodosAction> = combine(
    forEach(todoRowReducer, state: \Todos.rows, action: TodosAction.rowActions),
    todosListReducer
)

func todosMiddlewares(scheduler: some Scheduler) -> [AnyMiddleware<Todos, TodosAction>] {
    [
        forEach(
            todoRowEffects(scheduler: scheduler), state: \Todos.rows,
            action: TodosAction.rowActions),
        AnyMiddleware { _, action in
            guard case .stopSaving(let id) = action else { return .none }
            return Effect<TodosAction>.cancel(
                id: TodoRowCancelID.save, in: EffectScope.element(id, of: \Todos.rows))
        },
    ]
}

/// A store of the list with a row for each of `rows` (1 and 2 unless told), whose rows' effects
/// run on `scheduler`.
func makeTodosStore(
    _ scheduler: some Scheduler, rows: [Int] = [1, 2],
    interceptors: [Interceptor<Todos, TodosAction>] = []
) -> Store<Todos, TodosAction> {
    Store(
        initial: Todos(rows: IdentifiedArray(uniqueElements: rows.map { TodoRow(id: $0) })),
        mutatingReducer: todosReducer,
        interceptors: interceptors,
        middlewares: todosMiddlewares(scheduler: scheduler))
}

import Effects
import ReduxTesting
import Testing
import Todos

/// The server's side: the to-dos saved, in order.
private actor Server {
    private(set) var saves: [Todo.Saved] = []

    func save(_ todo: Todo) {
        saves.append(Todo.Saved(title: todo.title, isDone: todo.isDone))
    }
}

private func makeStore(
    _ initial: Todos = Todos(), server: Server, scheduler: TestScheduler = TestScheduler()
) -> TestStore<Todos, TodosAction> {
    TestStore(
        initial: initial,
        mutatingReducer: todosReducer,
        scheduler: scheduler,
        middlewares: todosMiddlewares(save: { await server.save($0) }, scheduler: scheduler)
    )
}

/// A list with two to-dos, 1 and 2.
private func twoTodos() -> Todos {
    var list = Todos()
    list.todos = [Todo(id: 1), Todo(id: 2)]
    list.nextID = 3
    return list
}

@Suite struct TodosTests {
    @Test("a to-do saves itself a second after its last edit, and only then")
    func savesAfterTheLastEdit() async {
        let server = Server()
        let store = makeStore(twoTodos(), server: server)
        await store.send(.todo(id: 1, .titleChanged("Mil"))) { $0.todos[id: 1]?.title = "Mil" }
        store.advance(by: .milliseconds(500))
        await store.send(.todo(id: 1, .titleChanged("Milk"))) { $0.todos[id: 1]?.title = "Milk" }
        store.advance(by: .seconds(1))
        let saved = Todo.Saved(title: "Milk", isDone: false)
        await store.receive(.todo(id: 1, .saved(saved))) { $0.todos[id: 1]?.saved = saved }
        await store.finish()
        #expect(await server.saves == [saved])
    }

    @Test("two to-dos edited within the same second are both saved: their saves are their own")
    func bothRowsSaved() async {
        let server = Server()
        let store = makeStore(twoTodos(), server: server)
        await store.send(.todo(id: 1, .toggled)) { $0.todos[id: 1]?.isDone = true }
        await store.send(.todo(id: 2, .titleChanged("Eggs"))) { $0.todos[id: 2]?.title = "Eggs" }
        store.advance(by: .seconds(1))
        let first = Todo.Saved(title: "", isDone: true)
        let second = Todo.Saved(title: "Eggs", isDone: false)
        await store.receive(where: { $0 == .todo(id: 1, .saved(first)) }) {
            $0.todos[id: 1]?.saved = first
        }
        await store.receive(where: { $0 == .todo(id: 2, .saved(second)) }) {
            $0.todos[id: 2]?.saved = second
        }
        await store.finish()
        #expect(await server.saves.count == 2)
    }

    @Test("a deleted to-do's pending save is never made, and nothing is left in flight")
    func deletedRowSavesNothing() async {
        let server = Server()
        let store = makeStore(twoTodos(), server: server)
        await store.send(.todo(id: 1, .titleChanged("Bread"))) {
            $0.todos[id: 1]?.title = "Bread"
        }
        await store.send(.delete(id: 1)) { $0.todos.remove(id: 1) }
        store.advance(by: .seconds(5))
        await store.finish()
        #expect(await server.saves.isEmpty)
    }

    @Test("a to-do moved to the top keeps its pending save, which lands a second after its edit")
    func moveToTopKeepsThePendingSave() async {
        let server = Server()
        let store = makeStore(twoTodos(), server: server)
        await store.send(.todo(id: 2, .titleChanged("Tea"))) { $0.todos[id: 2]?.title = "Tea" }
        store.advance(by: .milliseconds(600))
        await store.send(.moveToTop(id: 2)) { $0.todos = [Todo(id: 2, title: "Tea"), Todo(id: 1)] }
        // The move restarts nothing: the save is due one second after the edit, not the move.
        store.advance(by: .milliseconds(399))
        #expect(await server.saves.isEmpty)
        store.advance(by: .milliseconds(1))
        let saved = Todo.Saved(title: "Tea", isDone: false)
        await store.receive(.todo(id: 2, .saved(saved))) { $0.todos[id: 2]?.saved = saved }
        await store.finish()
        #expect(await server.saves == [saved])
    }

    @Test("moving a to-do that is not there changes nothing")
    func moveToTopOfAMissingTodo() async {
        let store = makeStore(twoTodos(), server: Server())
        await store.send(.moveToTop(id: 9))
        await store.finish()
    }

    @Test("adding numbers to-dos in order; the filter shows the active or the completed ones")
    func addAndFilter() async {
        let store = makeStore(server: Server())
        await store.send(.add) {
            $0.todos = [Todo(id: 1)]
            $0.nextID = 2
        }
        await store.send(.add) {
            $0.todos.append(Todo(id: 2))
            $0.nextID = 3
        }
        await store.send(.todo(id: 2, .toggled)) { $0.todos[id: 2]?.isDone = true }
        await store.send(.filter(.completed)) { $0.filter = .completed }
        #expect(store.state.visible.map(\.id) == [2])
        await store.send(.filter(.active)) { $0.filter = .active }
        #expect(store.state.visible.map(\.id) == [1])
        store.advance(by: .seconds(1))
        let saved = Todo.Saved(title: "", isDone: true)
        await store.receive(.todo(id: 2, .saved(saved))) { $0.todos[id: 2]?.saved = saved }
        await store.finish()
    }
}

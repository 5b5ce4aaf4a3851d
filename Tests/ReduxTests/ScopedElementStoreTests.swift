import Effects
import Redux
import Testing

/// A store of one row of a list, for the row's view: `store.scope(element:of:action:)`.
@Suite struct ScopedElementStoreTests {
    @Test("a row's store reads its row and sends its actions embedded; its save is the row's")
    func readsAndSends() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        let row = store.scope(element: 2, of: \Todos.rows, action: TodosAction.rowActions)
        row.dispatch(.toggle)
        #expect(row.state?.isDone == true)
        scheduler.advance(by: .seconds(1))
        #expect(row.state?.saves == [true])
        #expect(store.state.rows[id: 1] == TodoRow(id: 1))
    }

    @Test(
        "once its row is removed, a row's store reads nil, tells its observers once, and its actions are ignored and reported"
    )
    func afterRemoval() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        let row = store.scope(element: 1, of: \Todos.rows, action: TodosAction.rowActions)
        let seen = Lock<[TodoRow?]>([])
        let token = row.subscribe { state in seen.withLock { $0.append(state) } }
        row.dispatch(.toggle)
        store.dispatch(.delete(1))
        store.dispatch(.row(2, .toggle))
        #expect(row.state == nil)
        let issues = issuesReported { row.dispatch(.toggle) }
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows.ids == [2])
        #expect(seen.withLock { $0 } == [TodoRow(id: 1), TodoRow(id: 1, isDone: true), nil])
        #if DEBUG
        #expect(!issues.isEmpty)
        #else
        #expect(issues.isEmpty)
        #endif
        token.cancel()
    }

    @Test("an effect run through a row's store ends with the row")
    func effectRunThroughItEndsWithTheRow() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        let row = store.scope(element: 1, of: \Todos.rows, action: TodosAction.rowActions)
        row.run(Effect.just(.saved(true)).delay(for: .seconds(1), scheduler: scheduler))
        store.dispatch(.delete(1))
        #expect(scheduler.pendingWorkCount == 0)
        store.dispatch(.add(1))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1] == TodoRow(id: 1))
    }
}

import Effects
import Redux
import ReduxTesting
import Testing

/// A list whose rows save themselves a second after a toggle: `forEach` scopes every effect of
/// a row to that row.
@Suite struct ForEachTests {
    /// The list of rows 1 and 2 in a `TestStore`, on `scheduler`.
    private func makeTestStore(_ scheduler: TestScheduler) -> TestStore<Todos, TodosAction> {
        TestStore(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]),
            mutatingReducer: todosReducer,
            scheduler: scheduler,
            middlewares: todosMiddlewares(scheduler: scheduler))
    }

    @Test("two rows using the same CancelID.save both save: toggling one keeps the other's save")
    func twoRowsBothSave() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.row(2, .toggle))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1]?.saves == [true])
        #expect(store.state.rows[id: 2]?.saves == [true])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a row toggled twice within a second saves once, with its latest state")
    func cancelInFlightWithinOneRow() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.row(1, .toggle))
        scheduler.advance(by: .seconds(2))
        #expect(store.state.rows[id: 1]?.saves == [false])
    }

    @Test("a deleted row's pending save is cancelled and never delivered")
    func deletedRowsSaveIsNeverDelivered() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        store.dispatch(.row(2, .toggle))
        store.dispatch(.delete(1))
        #expect(scheduler.pendingWorkCount == 1)
        let issues = issuesReported { scheduler.advance(by: .seconds(1)) }
        #expect(store.state.rows.ids == [2])
        #expect(store.state.rows[id: 2]?.saves == [true])
        #expect(issues == [])
    }

    @Test("in a TestStore, deleting a row finishes its pending save: nothing is left in flight")
    func deletedRowInATestStore() {
        let scheduler = TestScheduler()
        let store = makeTestStore(scheduler)
        store.send(.row(1, .toggle)) { $0.rows[id: 1]?.isDone = true }
        store.send(.row(2, .toggle)) { $0.rows[id: 2]?.isDone = true }
        store.send(.delete(1)) { $0.rows.remove(id: 1) }
        store.advance(by: .seconds(1))
        store.receive(.row(2, .saved(true))) { $0.rows[id: 2]?.saves = [true] }
        store.finish()
    }

    @Test("typing debounces per row: each row searches its own last query")
    func debouncePerRow() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .type("a")))
        store.dispatch(.row(2, .type("x")))
        scheduler.advance(by: .milliseconds(200))
        store.dispatch(.row(1, .type("ab")))
        scheduler.advance(by: .milliseconds(200))
        #expect(store.state.rows[id: 2]?.searched == ["x"])
        #expect(store.state.rows[id: 1]?.searched == [])
        scheduler.advance(by: .milliseconds(100))
        #expect(store.state.rows[id: 1]?.searched == ["ab"])
        #expect(store.state.rows[id: 2]?.searched == ["x"])
    }

    @Test("the list cancels one row's save by naming the row and the id; the other row saves")
    func parentCancelsOneElementsEffect() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        store.dispatch(.row(2, .toggle))
        store.dispatch(.stopSaving(1))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1]?.saves == [])
        #expect(store.state.rows[id: 2]?.saves == [true])
    }

    @Test("an action for a row that is not there is ignored, and reported in a debug build")
    func actionForAMissingRowIsReported() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        let issues = issuesReported { store.dispatch(.row(7, .toggle)) }
        #expect(store.state == Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]))
        #expect(scheduler.pendingWorkCount == 0)
        #if DEBUG
        #expect(issues.count == 2)   // the reducer's and the middleware's
        #expect(issues.allSatisfy { $0.contains("element 7") })
        #else
        #expect(issues == [])
        #endif
    }

    @Test("a row deleted by its own action is not reported, and its effects end")
    func rowRemovedByItsOwnAction() {
        let scheduler = TestScheduler()
        let deleting: MutatingReducer<Todos, TodosAction> = combine(
            todosReducer,
            { todos, action in
                if case .row(let id, .search) = action { todos.rows.remove(id: id) }
            })
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1)]), mutatingReducer: deleting,
            middlewares: todosMiddlewares(scheduler: scheduler))
        let issues = issuesReported {
            store.dispatch(.row(1, .toggle))
            store.dispatch(.row(1, .search("gone")))
        }
        #expect(scheduler.pendingWorkCount == 0)
        #expect(issues.count == 0 || issues.allSatisfy { $0.contains("reducer") })
        #expect(store.state.rows.isEmpty)
    }

    @Test("the doc comment's store: a row toggled saves a second later")
    func documentedStore() {
        let scheduler = TestScheduler()
        let rowSaving = todoRowEffects(scheduler: scheduler)
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]),
            mutatingReducer: todosReducer,
            middlewares: [forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)]
        )
        store.dispatch(.row(2, .toggle))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 2]?.saves == [true])
    }

    @Test(
        "in a TestStore, a row deleted while its save and its search are pending leaves nothing in flight"
    )
    func deletedRowWithSeveralEffectsInATestStore() {
        let scheduler = TestScheduler()
        let store = makeTestStore(scheduler)
        store.send(.row(1, .toggle)) { $0.rows[id: 1]?.isDone = true }
        store.send(.row(1, .type("milk"))) { $0.rows[id: 1]?.query = "milk" }
        store.send(.row(2, .type("eggs"))) { $0.rows[id: 2]?.query = "eggs" }
        store.advance(by: .milliseconds(100))
        store.send(.delete(1)) { $0.rows.remove(id: 1) }
        store.advance(by: .milliseconds(200))
        store.receive(.row(2, .search("eggs"))) { $0.rows[id: 2]?.searched = ["eggs"] }
        store.advance(by: .seconds(5))
        store.finish()
    }

    @Test("the list cancels every effect of one row by naming the row's scope")
    func parentCancelsAllOfOneElementsEffects() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        store.dispatch(.row(1, .type("milk")))
        store.dispatch(.row(2, .toggle))
        store.run(Effect.cancel(id: EffectScope.element(1, of: \Todos.rows)))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1]?.saves == [])
        #expect(store.state.rows[id: 1]?.searched == [])
        #expect(store.state.rows[id: 2]?.saves == [true])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a row added again with the same id starts afresh: the old row's save is gone")
    func rowAddedAgain() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler)
        store.dispatch(.row(1, .toggle))
        store.dispatch(.delete(1))
        store.dispatch(.add(1))
        scheduler.advance(by: .seconds(2))
        #expect(store.state.rows[id: 1] == TodoRow(id: 1))
    }

    @Test(
        "a lifted row interceptor sees its row, its passed actions come back embedded, and the save it runs ends with the row"
    )
    func liftedInterceptor() {
        let scheduler = TestScheduler()
        let shouting = Interceptor<TodoRow, TodoRowAction> { action, context, next in
            guard case .type(let query) = action else { return next(action) }
            next(.type(query.uppercased() + "\(context.state.id)"))
            context.run(
                Effect.just(.saved(true)).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: TodoRowCancelID.save))
        }
        let shoutingRows = shouting.forEach(state: \Todos.rows, action: TodosAction.rowActions)
        let store = makeTodosStore(scheduler, interceptors: [shoutingRows])
        store.dispatch(.row(1, .type("a")))
        store.dispatch(.row(2, .type("b")))
        store.dispatch(.delete(1))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows.ids == [2])
        #expect(store.state.rows[id: 2]?.query == "B2")
        #expect(store.state.rows[id: 2]?.saves == [true])
        #expect(store.state.rows[id: 2]?.searched == ["B2"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a list replaced by a new collection ends the effects of the rows it left out")
    func replacedCollection() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler, rows: [1, 2, 3])
        for id in [1, 2, 3] { store.dispatch(.row(id, .toggle)) }
        store.dispatch(.keepOnly([2]))
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows.ids == [2])
        #expect(store.state.rows[id: 2]?.saves == [true])
    }

    @Test("removing more rows at once than the collection remembers still ends each one's save")
    func manyRemovedAtOnce() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler, rows: Array(1...300))
        for id in 1...300 { store.dispatch(.row(id, .toggle)) }
        store.dispatch(.deleteFrom(11))
        #expect(scheduler.pendingWorkCount == 10)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows.count == 10)
        #expect(store.state.rows.allSatisfy { $0.saves == [true] })
    }

    @Test("removing a few rows ends exactly their saves, in a list of many")
    func fewRemovedAmongMany() {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler, rows: Array(1...300))
        for id in 1...300 { store.dispatch(.row(id, .toggle)) }
        store.dispatch(.delete(7))
        store.dispatch(.deleteFrom(299))
        #expect(scheduler.pendingWorkCount == 297)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows.count == 297)
        #expect(store.state.rows.allSatisfy { $0.saves == [true] })
    }

    // MARK: - What changed, by the ids before and after

    @Test(
        "a row removed and added back in one action keeps its pending save and its debounced search",
        arguments: [1, 10, 100])
    func removedAndAddedBackKeepsItsEffects(touched: Int) {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler, rows: Array(1...120))
        let ids = Array(1...touched)
        for id in ids {
            store.dispatch(.row(id, .toggle))
            store.dispatch(.row(id, .type("q\(id)")))
        }
        store.dispatch(.removeAndAddBack(ids))
        #expect(Array(store.state.rows.ids.suffix(touched)) == ids)
        let issues = issuesReported { scheduler.advance(by: .seconds(1)) }
        for id in ids {
            #expect(store.state.rows[id: id]?.saves == [true])
            #expect(store.state.rows[id: id]?.searched == ["q\(id)"])
        }
        #expect(issues == [])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "rows moved to the top in one action keep their pending saves and debounced searches",
        arguments: [1, 10, 100])
    func movedToTopKeepsItsEffects(touched: Int) {
        let scheduler = TestScheduler()
        let store = makeTodosStore(scheduler, rows: Array(1...120))
        let ids = Array((121 - touched)...120)
        for id in ids {
            store.dispatch(.row(id, .toggle))
            store.dispatch(.row(id, .type("q\(id)")))
        }
        store.dispatch(.moveToTop(ids))
        #expect(Array(store.state.rows.ids.prefix(touched)) == ids)
        scheduler.advance(by: .seconds(1))
        for id in ids {
            #expect(store.state.rows[id: id]?.saves == [true])
            #expect(store.state.rows[id: id]?.searched == ["q\(id)"])
        }
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a row rewritten whole, with the same id, keeps its pending save")
    func rewrittenRowKeepsItsEffects() {
        let scheduler = TestScheduler()
        let rewriting: MutatingReducer<Todos, TodosAction> = combine(
            todosReducer,
            { todos, action in
                if case .stopSaving(let id) = action { todos.rows[id: id] = TodoRow(id: id) }
            })
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]), mutatingReducer: rewriting,
            middlewares: [
                forEach(
                    todoRowEffects(scheduler: scheduler), state: \Todos.rows,
                    action: TodosAction.rowActions)
            ])
        store.dispatch(.row(1, .toggle))
        store.dispatch(.stopSaving(1))   // here: the row replaced by a fresh one, same id
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1]?.saves == [true])
    }

    /// How a row's effect is started, in the tests of how removed rows' effects end.
    enum Start: CaseIterable, Sendable {
        case liftedMiddleware, rowStore, liftedInterceptor
    }

    /// How rows leave, in the same tests: 200 rows, of which 190 leave at once (more than the
    /// 64 to 127 removals the collection's history used to remember) when 10 are kept.
    enum Removal: CaseIterable, Sendable {
        case removeAll, newCollection, moreThan64AtOnce
    }

    @Test(
        "every effect of a removed row ends, however it was started and however the row left",
        arguments: Start.allCases, Removal.allCases)
    func removedRowsEffectsEnd(start: Start, removal: Removal) {
        let scheduler = TestScheduler()
        // On `.search("start")`, runs a save a second later through the lifted interceptor.
        let starting = Interceptor<TodoRow, TodoRowAction> { action, context, next in
            if action == .search("start") {
                context.run(
                    Effect.just(.saved(true)).delay(for: .seconds(1), scheduler: scheduler))
            }
            next(action)
        }
        let store = makeTodosStore(
            scheduler, rows: Array(1...200),
            interceptors: [starting.forEach(state: \Todos.rows, action: TodosAction.rowActions)])
        var rowStores: [ScopedStore<TodoRow?, TodoRowAction>] = []
        for id in 1...200 {
            switch start {
            case .liftedMiddleware:
                store.dispatch(.row(id, .toggle))
            case .rowStore:
                let row = store.scope(element: id, of: \Todos.rows, action: TodosAction.rowActions)
                row.run(Effect.just(.saved(true)).delay(for: .seconds(1), scheduler: scheduler))
                rowStores.append(row)
            case .liftedInterceptor:
                store.dispatch(.row(id, .search("start")))
            }
        }
        #expect(scheduler.pendingWorkCount == 200)
        switch removal {
        case .removeAll: store.dispatch(.deleteAll)
        case .newCollection: store.dispatch(.keepOnly(Set(1...10)))
        case .moreThan64AtOnce: store.dispatch(.deleteFrom(11))
        }
        let kept = removal == .removeAll ? 0 : 10
        #expect(store.state.rows.count == kept)
        #expect(scheduler.pendingWorkCount == kept)
        let issues = issuesReported { scheduler.advance(by: .seconds(1)) }
        #expect(issues == [])
        #expect(store.state.rows.allSatisfy { $0.saves == [true] })
        #expect(scheduler.pendingWorkCount == 0)
    }
}

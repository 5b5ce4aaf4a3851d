import ConcurrencyTestSupport
import Effects
import Observation
import Redux
import Testing

/// Tracks what `read` reads, once, as a view's body would be, and counts how many times its
/// observer is told of a change (Observation tells it at most once).
func invalidations(of read: () -> Void) -> TestAtomic<Int> {
    let told = TestAtomic(0)
    withObservationTracking(read) {
        told.add(1, ordering: .relaxed)
    }
    return told
}

/// Per-field observation: each observer is told only of the changes of what it read.
@Suite struct ObservableStoreFieldTests {
    func board(_ initial: Board = Board()) -> (
        Store<Board, BoardAction>, ObservableStore<Board, BoardAction>
    ) {
        let store = Store(initial: initial, mutatingReducer: boardReducer)
        return (store, ObservableStore(store))
    }

    @Test("a member read is told when that field changes, not when another does")
    func fieldByMember() {
        let (_, model) = board()
        let title = invalidations { _ = model.title }
        let subtitle = invalidations { _ = model.subtitle }

        model.dispatch(.retitle("Scores"))

        #expect(title.load() == 1)
        #expect(subtitle.load() == 0)
        #expect(model.title == "Scores")
    }

    @Test("an action that changes nothing read tells nobody, and compares only what was read")
    func noChangeNoNotification() {
        let (_, model) = board(.rows(3))
        let title = invalidations { _ = model.title }
        let row = invalidations { _ = model[\.rows, at: 1] }

        model.dispatch(.nothing)
        model.dispatch(.setSubtitle("unread"))
        model.dispatch(.retitle("Board"))   // the same value: no change

        #expect(title.load() == 0)
        #expect(row.load() == 0)
        #expect(model.trackedCount == 2)
    }

    @Test("an element read by position is told only when that element changes")
    func elementByPosition() {
        let (_, model) = board(.rows(5))
        let told = (0..<5).map { index in invalidations { _ = model[\.rows, at: index] } }

        model.dispatch(.renameRow(3, "three"))

        #expect(told.map { $0.load() } == [0, 0, 0, 1, 0])
        #expect(model[\.rows, at: 3]?.title == "three")
    }

    @Test("1,000 observers of 1,000 rows: a change of one row tells one observer")
    func thousandRows() {
        let (_, model) = board(.rows(1_000))
        let told = (0..<1_000).map { index in invalidations { _ = model[\.rows, at: index] } }
        #expect(model.trackedCount == 1_000)

        model.dispatch(.renameRow(500, "changed"))

        let notified = told.indices.filter { told[$0].load() > 0 }
        #expect(notified == [500])
        #expect(model.trackedCount == 1_000, "the told row stays, with its new value")
    }

    @Test("a position that appears or goes away counts as a change; reading past the end is nil")
    func positionsComeAndGo() {
        let (_, model) = board(.rows(2))
        var past: BoardRow?? = .none
        let beyond = invalidations { past = model[\.rows, at: 2] }
        let last = invalidations { _ = model[\.rows, at: 1] }
        #expect(past == .some(nil))

        model.dispatch(.appendRow("new"))
        #expect(beyond.load() == 1)
        #expect(last.load() == 0)

        let again = invalidations { _ = model[\.rows, at: 2] }
        model.dispatch(.removeLastRow)
        model.dispatch(.removeLastRow)   // the tracked position 1 goes: compared safely
        #expect(again.load() == 1)
        #expect(last.load() == 1)
    }

    @Test("any key path is tracked on its own: a nested field, a dictionary value")
    func keyPaths() {
        let (_, model) = board()
        let ann = invalidations { _ = model[\.scores["ann"]] }
        let bob = invalidations { _ = model[\.scores["bob"]] }
        let count = invalidations { _ = model[\.counter.count] }

        model.dispatch(.score("bob", 3))
        model.dispatch(.counter(.ping))

        #expect(ann.load() == 0)
        #expect(bob.load() == 1)
        #expect(count.load() == 0)
    }

    @Test("an observer that read several parts is told once, when the first of them changes")
    func severalParts() {
        let (_, model) = board(.rows(3))
        let view = invalidations {
            _ = model.title
            _ = model[\.rows, at: 0]
        }
        model.dispatch(.renameRow(0, "zero"))
        model.dispatch(.retitle("again"))
        #expect(view.load() == 1)
    }

    @Test("the whole state, read, is told after every action, as before")
    func wholeState() {
        let (_, model) = board()
        let whole = invalidations { _ = model.state }
        model.dispatch(.nothing)
        #expect(whole.load() == 1)
        #expect(model.trackedCount == 1)
        let again = invalidations { _ = model.title }
        model.dispatch(.nothing)
        #expect(again.load() == 0, "the whole state's part is its own")
    }

    @Test("two observers of one field are both told; the field stays one part")
    func sharedField() {
        let (_, model) = board()
        let first = invalidations { _ = model.title }
        let second = invalidations { _ = model.title }
        #expect(model.trackedCount == 1)

        model.dispatch(.retitle("x"))

        #expect(first.load() == 1)
        #expect(second.load() == 1)
        #expect(model.trackedCount == 1)
    }

    @Test("a dispatch on the store itself is compared too, and code that reads nothing is not told")
    func storeDispatch() {
        let (store, model) = board()
        let title = invalidations { _ = model.title }
        let nothing = invalidations { _ = model }
        store.dispatch(.retitle("y"))
        #expect(title.load() == 1)
        #expect(nothing.load() == 0)
    }
}

/// Observable views of scoped stores: told only of their part, and per field inside it.
@Suite struct ObservableScopedStoreTests {
    @Test("a scoped view is told only of changes in its slice, each observer of its own field")
    func slice() {
        let store = Store(initial: Dashboard(), mutatingReducer: dashboardReducer)
        let panel = ObservableStore(store.scope(state: \.panel, action: DashboardAction.panelPath))
        let title = invalidations { _ = panel.title }
        let isOpen = invalidations { _ = panel.isOpen }

        store.dispatch(.counter(.increment))
        #expect(title.load() == 0)
        #expect(isOpen.load() == 0)

        panel.dispatch(.toggle)
        #expect(title.load() == 0)
        #expect(isOpen.load() == 1)
        #expect(panel.isOpen)
        #expect(store.state.panel.isOpen)
    }

    @Test(
        "a scoped view made on the main actor reports there, on its root's home, whichever thread dispatches"
    )
    func mainActorHome() async {
        let (store, counter) = await MainActor.run {
            let store = Store(
                initial: Board(), mutatingReducer: boardReducer, on: .mainActor)
            return (
                store,
                ObservableStore(store.scope(state: \.counter, action: BoardAction.counterPath))
            )
        }
        let (stream, told) = AsyncStream<Bool>.makeStream()
        withObservationTracking {
            _ = counter.count
        } onChange: {
            told.yield(isOnMainActor())
            told.finish()
        }
        spawn { store.dispatch(.retitle("not the counter")) }
        spawn { counter.dispatch(.increment) }

        var reports: [Bool] = []
        for await onMain in stream { reports.append(onMain) }
        #expect(reports == [true])
        #expect(await MainActor.run { counter.count } == 1)
    }

    @Test("a scoped view keeps its root store alive, and frees it when released")
    func keepsTheRoot() {
        weak var weakStore: Store<Dashboard, DashboardAction>?
        var panel: ObservableStore<Panel, PanelAction>?
        do {
            let store = Store(initial: Dashboard(), mutatingReducer: dashboardReducer)
            weakStore = store
            panel = ObservableStore(store.scope(state: \.panel, action: DashboardAction.panelPath))
        }
        #expect(weakStore != nil)
        panel?.dispatch(.rename("kept"))
        #expect(panel?.title == "kept")
        panel = nil
        #expect(weakStore == nil)
    }
}

/// An observable view of one element of a `forEach` list (`store.scope(element:of:action:)`).
@Suite struct ObservableElementStoreTests {
    @Test("an element's observable store is told when its row changes, not when another row does")
    func toldOnlyOfItsRow() {
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]), mutatingReducer: todosReducer)
        let rowOne = ObservableStore(
            store.scope(element: 1, of: \Todos.rows, action: TodosAction.rowActions))
        let done = invalidations { _ = rowOne[\.?.isDone] }

        store.dispatch(.row(2, .toggle))
        #expect(done.load() == 0, "another row changed")

        rowOne.dispatch(.toggle)
        #expect(done.load() == 1)
        #expect(rowOne[\.?.isDone] == true)
    }

    @Test("an element's observable store reads nil once its row is removed, and is told of it")
    func toldOfRemoval() {
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]), mutatingReducer: todosReducer)
        let rowTwo = ObservableStore(
            store.scope(element: 2, of: \Todos.rows, action: TodosAction.rowActions))
        let row = invalidations { _ = rowTwo[\.self] }

        store.dispatch(.delete(2))

        #expect(row.load() == 1)
        #expect(rowTwo[\.self] == nil)
    }

}

/// Rows of an identified collection read by id: compared only when an action touched them.
@Suite struct ObservableRowsByIDTests {
    @Test("1,000 observers of rows by id: a change of one row tells one observer; a move none")
    func thousandRowsByID() {
        let rows = IdentifiedArray(uniqueElements: (0..<1_000).map { TodoRow(id: $0) })
        let store = Store(initial: Todos(rows: rows), mutatingReducer: todosReducer)
        let model = ObservableStore(store)
        let told = (0..<1_000).map { id in invalidations { _ = model[\.rows, id: id] } }
        #expect(model.trackedCount == 1_000)

        model.dispatch(.row(500, .toggle))

        #expect(told.indices.filter { told[$0].load() > 0 } == [500])
        #expect(model[\.rows, id: 500]?.isDone == true)
        #expect(model.trackedCount == 1_000)
    }

    @Test("a row read by id is told when it is removed; an id read before it existed, when added")
    func rowsByIDComeAndGo() {
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]), mutatingReducer: todosReducer)
        let model = ObservableStore(store)
        let one = invalidations { _ = model[\.rows, id: 1] }
        let two = invalidations { _ = model[\.rows, id: 2] }
        let three = invalidations { _ = model[\.rows, id: 3] }

        model.dispatch(.delete(2))
        #expect([one.load(), two.load(), three.load()] == [0, 1, 0])

        model.dispatch(.add(3))
        #expect([one.load(), two.load(), three.load()] == [0, 1, 1])
        #expect(model[\.rows, id: 3] == TodoRow(id: 3))
        #expect(model[\.rows, id: 2] == nil)
    }

    @Test("rows by id in a collection made anew: only the rows that differ are told")
    func rowsByIDReplaced() {
        let store = Store(
            initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]), mutatingReducer: todosReducer)
        let model = ObservableStore(store)
        let one = invalidations { _ = model[\.rows, id: 1] }
        let two = invalidations { _ = model[\.rows, id: 2] }

        model.dispatch(.keepOnly([1]))

        #expect([one.load(), two.load()] == [0, 1])
    }

    @Test("a collection read whole is told when a row is written, and not by other fields")
    func collectionReadWhole() {
        struct Screen: Sendable {
            var title = ""
            var todos: IdentifiedArrayOf<TodoRow> = [TodoRow(id: 1), TodoRow(id: 2)]
        }
        enum Edit: Sendable {
            case retitle(String)
            case query(Int, String)
        }
        let store = Store<Screen, Edit>(initial: Screen()) { screen, edit in
            switch edit {
            case .retitle(let title): screen.title = title
            case .query(let id, let query): screen.todos[id: id]?.query = query
            }
        }
        let model = ObservableStore(store)
        var list = invalidations { _ = model.todos }

        model.dispatch(.retitle("Today"))
        #expect(list.load() == 0)
        model.dispatch(.query(2, "tea"))
        #expect(list.load() == 1)

        list = invalidations { _ = model.todos }
        model.dispatch(.query(2, "tea"))
        #expect(list.load() == 1, "written, even with the value it had: the list is told")
        #expect(model.todos[id: 2]?.query == "tea")
    }
}

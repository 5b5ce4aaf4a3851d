import Effects
import Redux
import ReduxTesting
import Testing

// A list whose rows each have a delete button the list handles, and a screen whose detail
// has a close button the screen handles: the two patterns where a child's own action makes
// its parent remove it.

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var isDone = false
}

private enum RowAction: Equatable, Sendable {
    case toggle
    case deleteTapped
}

private let rowReducer: MutatingReducer<Row, RowAction> = { row, action in
    switch action {
    case .toggle: row.isDone.toggle()
    case .deleteTapped: break
    }
}

private struct List: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var detail: Row?
}

private enum ListAction: Equatable, Sendable {
    case row(id: Int, RowAction)
    case detail(RowAction)
    case open(Int)

    // The one-line forms of an action path: a case of two values, and one of one.
    static let rowActions = ActionPath(ListAction.row) {
        if case .row(let id, let action) = $0 { (id, action) } else { nil }
    }

    static let detailActions = ActionPath(ListAction.detail) {
        if case .detail(let action) = $0 { action } else { nil }
    }
}

/// The list's own reducer: a row's delete button removes the row, the detail's closes it.
private let listOwnReducer: MutatingReducer<List, ListAction> = { list, action in
    switch action {
    case .row(let id, .deleteTapped): list.rows.remove(id: id)
    case .detail(.deleteTapped): list.detail = nil
    case .open(let id): list.detail = list.rows[id: id]
    case .row, .detail: break
    }
}

/// The children first, then the list: the order the documentation gives.
private let childrenFirst: MutatingReducer<List, ListAction> = combine(
    forEach(rowReducer, state: \List.rows, action: ListAction.rowActions),
    ifLet(rowReducer, state: \List.detail, action: ListAction.detailActions),
    listOwnReducer
)

/// The list first: its children see their delete action after they are gone.
private let parentFirst: MutatingReducer<List, ListAction> = combine(
    listOwnReducer,
    forEach(rowReducer, state: \List.rows, action: ListAction.rowActions),
    ifLet(rowReducer, state: \List.detail, action: ListAction.detailActions)
)

/// Whether `issue` is a store's report (not a failed assertion of the test store) that
/// contains `text`, at `severity`.
private func isReport(
    _ issue: Issue, containing text: String, severity: Issue.Severity = .error
) -> Bool {
    issue.severity == severity
        && issue.comments.contains {
            $0.rawValue.hasPrefix("ThreeDucks:") && $0.rawValue.contains(text)
        }
}

@Suite struct TestStoreIssueTests {
    #if DEBUG
    @Test("a TestStore fails the test when an action reaches a row that is not there")
    func missingRowFails() {
        let store = TestStore(initial: List(), mutatingReducer: childrenFirst)
        withKnownIssue {
            store.send(.row(id: 7, .toggle))
        } matching: {
            isReport($0, containing: "element 7")
        }
        store.finish()
    }

    @Test("a TestStore fails the test when an action reaches a child that is nil")
    func missingChildFails() {
        let store = TestStore(initial: List(), mutatingReducer: childrenFirst)
        withKnownIssue {
            store.send(.detail(.toggle))
        } matching: {
            isReport($0, containing: "which is nil")
        }
        store.finish()
    }

    @Test("with exhaustivity off, an action for a missing row is a warning that fails nothing")
    func missingRowWarnsWhenNotExhaustive() {
        let store = TestStore(initial: List(), mutatingReducer: childrenFirst)
        store.exhaustivity = .off
        withKnownIssue {
            store.send(.row(id: 7, .toggle))
        } matching: {
            isReport($0, containing: "element 7", severity: .warning)
        }
        store.finish()
    }

    @Test("a report from an action an effect sends on virtual time fails the test too")
    func missingRowFromAnEffectFails() {
        let scheduler = TestScheduler()
        let late: Middleware<List, ListAction> = { _, action in
            guard action == .row(id: 1, .deleteTapped) else { return .none }
            return Effect.just(.row(id: 1, .toggle)).delay(for: .seconds(1), scheduler: scheduler)
        }
        let store = TestStore(
            initial: List(), mutatingReducer: childrenFirst, scheduler: scheduler,
            middlewares: [late])
        store.send(.row(id: 1, .deleteTapped)) { $0.rows.remove(id: 1) }
        withKnownIssue {
            store.advance(by: .seconds(1))
        } matching: {
            isReport($0, containing: "element 1")
        }
        store.receive(.row(id: 1, .toggle))
        store.finish()
    }

    @Test("the parent listed before forEach and ifLet: the delete and close buttons are reported")
    func parentFirstIsReported() {
        let store = TestStore(initial: List(), mutatingReducer: parentFirst)
        withKnownIssue {
            store.send(.row(id: 1, .deleteTapped)) { $0.rows.remove(id: 1) }
        } matching: {
            isReport($0, containing: "list forEach before the parent's reducer")
        }
        store.send(.open(2)) { $0.detail = Row(id: 2) }
        withKnownIssue {
            store.send(.detail(.deleteTapped)) { $0.detail = nil }
        } matching: {
            isReport($0, containing: "list ifLet before the parent's reducer")
        }
        store.finish()
    }
    #endif

    @Test("children listed first: a row's delete button and the detail's close button are silent")
    func childrenFirstIsSilent() {
        // The test store fails on any report, so this passes only if none is made.
        let store = TestStore(initial: List(), mutatingReducer: childrenFirst)
        store.send(.row(id: 1, .deleteTapped)) { $0.rows.remove(id: 1) }
        store.send(.open(2)) { $0.detail = Row(id: 2) }
        store.send(.detail(.deleteTapped)) { $0.detail = nil }
        store.finish()
    }
}

// swift-format-ignore-file
// The examples of IssueReporter's and MiddlewareBuilder's doc comments are here line for line
// (DocumentationSnippetTests checks it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

/// Serialized: these tests set the process-wide default handler, one at a time.
@Suite(.serialized) struct IssueReporterTests {
    #if DEBUG
    @Test("an app's default handler receives what a store reports outside any test store")
    func defaultHandlerReceivesReports() {
        let received = EventLog<String>()
        IssueReporter.defaultHandler = { received.append($0) }
        defer { IssueReporter.defaultHandler = nil }
        let store = makeTodosStore(ImmediateScheduler())
        store.dispatch(.row(4242, .toggle))
        // Other tests running meanwhile may report to it too: only this store's reports count,
        // the reducer's and the middleware's.
        #expect(received.entries.filter { $0.contains("element 4242") }.count == 2)
    }

    @Test("a handler installed for the task comes before the app's default handler")
    func taskHandlerComesFirst() {
        let app = EventLog<String>()
        IssueReporter.defaultHandler = { app.append($0) }
        defer { IssueReporter.defaultHandler = nil }
        let store = makeTodosStore(ImmediateScheduler())
        let log = EventLog<String>()
        IssueReporter.withHandler({ message in log.append(message) }) {
            store.dispatch(.row(7, .toggle))   // row 7 is not there: reported to the log
        }
        #expect(log.count == 2)
        #expect(log.entries.allSatisfy { $0.contains("element 7") })
        #expect(app.entries.allSatisfy { !$0.contains("element 7") })
    }
    #endif

    @Test("the documentation's default handler is installed and removed")
    func documentedDefaultHandler() {
        IssueReporter.defaultHandler = { message in
            print("⚠️", message)
        }
        #expect(IssueReporter.defaultHandler != nil)
        IssueReporter.defaultHandler = nil
        #expect(IssueReporter.defaultHandler == nil)
    }

    @Test("the documentation's mixed middleware list runs the closures and the lifted rows")
    func documentedMiddlewareList() {
        let scheduler = TestScheduler()
        let seen = EventLog<String>()
        let logging: Middleware<Todos, TodosAction> = { _, action in
            seen.append("logging \(action)")
            return .none
        }
        let tracing: Middleware<Todos, TodosAction> = { _, action in
            seen.append("tracing \(action)")
            return .none
        }
        let verbose = true
        let rowSaving = todoRowEffects(scheduler: scheduler)
        let store = Store(
            initial: Todos(),
            mutatingReducer: todosReducer,
            middlewares: .list {
                logging   // a Middleware closure
                forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)   // an AnyMiddleware
                if verbose { tracing }   // either form, or an array of them
            }
        )
        store.dispatch(.add(1))
        store.dispatch(.row(1, .toggle))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.rows[id: 1]?.saves == [true])
        let actions: [TodosAction] = [.add(1), .row(1, .toggle), .row(1, .saved(true))]
        #expect(seen.entries == actions.flatMap { ["logging \($0)", "tracing \($0)"] })
    }

    @Test("the documentation's short list in a TestStore")
    func documentedShortList() {
        let scheduler = TestScheduler()
        let logging: Middleware<Todos, TodosAction> = { _, _ in .none }
        let rowSaving = todoRowEffects(scheduler: scheduler)
        let store = TestStore(initial: Todos(), mutatingReducer: todosReducer, scheduler: scheduler, middlewares: .list {
            logging
            forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)
        }
        )
        store.send(.add(1)) { $0.rows.append(TodoRow(id: 1)) }
        store.send(.row(1, .toggle)) { $0.rows[id: 1]?.isDone = true }
        store.advance(by: .seconds(1))
        store.receive(.row(1, .saved(true))) { $0.rows[id: 1]?.saves = [true] }
        store.finish()
    }
}

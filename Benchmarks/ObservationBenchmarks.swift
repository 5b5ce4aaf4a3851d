import Observation
import Redux

/// A list of rows with a title, for the per-field observation cases.
struct RowList: Sendable {
    struct Row: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
    }

    var title = "List"
    var rows: [Row]
}

enum RowListAction: Sendable {
    /// Gives a row another title: one row changes.
    case rename(row: Int, title: String)
    /// Gives the list another title: no row changes.
    case retitle(String)
}

let rowListReducer: MutatingReducer<RowList, RowListAction> = { list, action in
    switch action {
    case .rename(let row, let title): list.rows[row].title = title
    case .retitle(let title): list.title = title
    }
}

/// The same list with its rows in an identified collection, read by id, as a TCA user keeps
/// them: the observable store compares only the rows an action touched.
struct RowTable: Sendable {
    var title = "List"
    var rows: IdentifiedArrayOf<RowList.Row>
}

let rowTableReducer: MutatingReducer<RowTable, RowListAction> = { table, action in
    switch action {
    case .rename(let row, let title): table.rows[id: row]?.title = title
    case .retitle(let title): table.title = title
    }
}

/// Two titles to alternate between, made once, so that each action is a change and allocates
/// nothing of its own.
private let titles = ["even", "odd"]

/// Runs `n` actions on an `ObservableStore` of 1,000 rows and times the dispatches alone: the
/// action `action(i)`, then `afterEach(i)`, untimed (a view drawing again and reading what it
/// was told changed).
private func timeDispatches<State>(
    _ n: Int, model: ObservableStore<State, RowListAction>,
    action: (Int) -> RowListAction, afterEach: (Int) -> Void = { _ in }
) -> Duration {
    let clock = ContinuousClock()
    var total = Duration.zero
    for i in 0..<n {
        let start = clock.now
        model.dispatch(action(i))
        total += clock.now - start
        afterEach(i)
    }
    return total
}

/// Times `n` clicks on a settings model.
private func timeClicks(_ n: Int, model: ObservableStore<Settings, Int>) -> Duration {
    let clock = ContinuousClock()
    var total = Duration.zero
    for i in 0..<n {
        let start = clock.now
        model.dispatch(i)
        total += clock.now - start
    }
    return total
}

/// A model of 1,000 rows on a store without a home (dispatch returns once the action is reduced
/// and compared).
private func thousandRowModel() -> ObservableStore<RowList, RowListAction> {
    let rows = (0..<1_000).map { RowList.Row(id: $0, title: titles[0]) }
    return ObservableStore(Store(initial: RowList(rows: rows), mutatingReducer: rowListReducer))
}

/// The same, with the rows by id.
private func thousandRowTableModel() -> ObservableStore<RowTable, RowListAction> {
    let rows = (0..<1_000).map { RowList.Row(id: $0, title: titles[0]) }
    return ObservableStore(
        Store(
            initial: RowTable(rows: IdentifiedArray(uniqueElements: rows)),
            mutatingReducer: rowTableReducer))
}

/// One observer per row, each reading its own row, as 1,000 row views would; `told[i]` counts
/// the changes row `i`'s observer was told of.
private final class RowObservers<State: Sendable>: Sendable {
    let model: ObservableStore<State, RowListAction>
    let told: [TestCounter]
    let read: @Sendable (ObservableStore<State, RowListAction>, Int) -> RowList.Row?

    init(
        model: ObservableStore<State, RowListAction>, rows: Int,
        read: @escaping @Sendable (ObservableStore<State, RowListAction>, Int) -> RowList.Row?
    ) {
        self.model = model
        self.read = read
        told = (0..<rows).map { _ in TestCounter() }
        for row in 0..<rows { track(row) }
    }

    /// Tracks row `row` again, as its view does when it draws.
    func track(_ row: Int) {
        let told = told[row]
        withObservationTracking {
            blackHole(read(model, row))
        } onChange: {
            told.add()
        }
    }
}

/// Rows read by position from a plain array.
private func byPosition(_ rows: Int) -> RowObservers<RowList> {
    RowObservers(model: thousandRowModel(), rows: rows) { model, row in model[\.rows, at: row] }
}

/// Rows read by id from an identified collection.
private func byID(_ rows: Int) -> RowObservers<RowTable> {
    RowObservers(model: thousandRowTableModel(), rows: rows) { model, row in
        model[\.rows, id: row]
    }
}

/// A counter an observer's `onChange` may bump from any thread (here, the benchmark's).
private final class TestCounter: Sendable {
    nonisolated(unsafe) private var value = 0   // bumped only on the benchmark's one thread
    func add() { value += 1 }
    var count: Int { value }
}

/// A settings screen: four fields, of which three views read three and an action changes the
/// fourth. Fields have no history: each field read is compared after every action.
struct Settings: Sendable {
    var title = "Settings"
    var volume = 5
    var isMuted = false
    var clicks = 0
}

let settingsReducer: MutatingReducer<Settings, Int> = { settings, clicks in
    settings.clicks = clicks
}

/// An observable object written by hand, as the `@Observable` macro would write it: what the
/// Observation framework itself costs to tell one observer of one change, with no store.
private final class PlainTitle: Observable, Sendable {
    let registrar = ObservationRegistrar()
    nonisolated(unsafe) private var storedTitle = titles[0]   // the benchmark's thread only

    var title: String {
        get {
            registrar.access(self, keyPath: \.title)
            return storedTitle
        }
        set {
            registrar.withMutation(of: self, keyPath: \.title) { storedTitle = newValue }
        }
    }
}

/// 1,000 observable rows written by hand, each row's key path made once: what the Observation
/// framework costs to tell one of 1,000 observers, each of its own row, with no store.
private final class PlainRows: Observable, Sendable {
    let registrar = ObservationRegistrar()
    let paths: [KeyPath<PlainRows, String> & Sendable]
    nonisolated(unsafe) private var titles: [String]   // the benchmark's thread only

    init(rows: Int) {
        paths = (0..<rows).map { \PlainRows.[row: $0] }
        titles = Array(repeating: "even", count: rows)
    }

    subscript(row row: Int) -> String {
        titles[row]
    }

    func read(_ row: Int) -> String {
        registrar.access(self, keyPath: paths[row])
        return titles[row]
    }

    func rename(_ row: Int, _ title: String) {
        registrar.withMutation(of: self, keyPath: paths[row]) { titles[row] = title }
    }
}

/// Per-field observation: what 1,000 row observers add to an action, against the same action
/// with none, in the same run.
func observationBenchmarks() -> [Benchmark] {
    let renameNone = "observable: rename one of 1,000 rows, no observers"
    let retitleNone = "observable: retitle a 1,000-row list, no observers"
    let renameByIDNone = "observable: rename one of 1,000 rows by id, no observers"
    let retitleByIDNone = "observable: retitle a 1,000-row identified list, no observers"
    let clickNone = "observable: a click on a four-field settings state, no observers"
    let rename: (Int) -> RowListAction = {
        .rename(row: $0 % 1_000, title: titles[($0 / 1_000) % 2 == 0 ? 1 : 0])
    }
    let retitle: (Int) -> RowListAction = { .retitle(titles[$0 % 2]) }
    return [
        .timed(name: renameNone, baseline: nil, operations: 200_000) { n in
            timeDispatches(n, model: thousandRowModel(), action: rename)
        },
        .timed(
            name: "observable: rename one of 1,000 rows, 1,000 row observers (× none)",
            baseline: renameNone, operations: 200_000
        ) { n in
            let observers = byPosition(1_000)
            return timeDispatches(
                n, model: observers.model, action: rename,
                afterEach: { observers.track($0 % 1_000) })
        },
        .timed(name: retitleNone, baseline: nil, operations: 200_000) { n in
            timeDispatches(n, model: thousandRowModel(), action: retitle)
        },
        .timed(
            name:
                "observable: retitle a 1,000-row list, the store alone, no ObservableStore (× none)",
            baseline: retitleNone, operations: 200_000
        ) { n in
            let rows = (0..<1_000).map { RowList.Row(id: $0, title: titles[0]) }
            let store = Store(initial: RowList(rows: rows), mutatingReducer: rowListReducer)
            let clock = ContinuousClock()
            var total = Duration.zero
            for i in 0..<n {
                let start = clock.now
                store.dispatch(retitle(i))
                total += clock.now - start
            }
            return total
        },
        .timed(
            name: "observable: retitle, unread, 10 row observers (× none)",
            baseline: retitleNone, operations: 200_000
        ) { n in
            let observers = byPosition(10)
            return timeDispatches(n, model: observers.model, action: retitle)
        },
        .timed(
            name: "observable: retitle, unread, 1,000 row observers (× none)",
            baseline: retitleNone, operations: 200_000
        ) { n in
            let observers = byPosition(1_000)
            return timeDispatches(n, model: observers.model, action: retitle)
        },
        .timed(name: renameByIDNone, baseline: nil, operations: 200_000) { n in
            timeDispatches(n, model: thousandRowTableModel(), action: rename)
        },
        .timed(
            name: "observable: rename one of 1,000 rows by id, 1,000 observers by id (× none)",
            baseline: renameByIDNone, operations: 200_000
        ) { n in
            let observers = byID(1_000)
            return timeDispatches(
                n, model: observers.model, action: rename,
                afterEach: { observers.track($0 % 1_000) })
        },
        .timed(name: retitleByIDNone, baseline: nil, operations: 200_000) { n in
            timeDispatches(n, model: thousandRowTableModel(), action: retitle)
        },
        .timed(
            name: "observable: retitle, unread, 10 observers by id (× none)",
            baseline: retitleByIDNone, operations: 200_000
        ) { n in
            let observers = byID(10)
            return timeDispatches(n, model: observers.model, action: retitle)
        },
        .timed(
            name: "observable: retitle, unread, 1,000 observers by id (× none)",
            baseline: retitleByIDNone, operations: 200_000
        ) { n in
            let observers = byID(1_000)
            return timeDispatches(n, model: observers.model, action: retitle)
        },
        .timed(
            name:
                "observable: the Observation framework alone telling one observer, per change"
                + " (× rename by id, no observers)",
            baseline: renameByIDNone, operations: 200_000
        ) { n in
            // What any ObservableStore notification costs at least: the registrar's own work.
            let plain = PlainTitle()
            let told = TestCounter()
            let track = {
                withObservationTracking {
                    blackHole(plain.title)
                } onChange: {
                    told.add()
                }
            }
            track()
            let clock = ContinuousClock()
            var total = Duration.zero
            for i in 0..<n {
                let start = clock.now
                plain.title = titles[(i + 1) % 2]
                total += clock.now - start
                track()
            }
            return total
        },
        .timed(
            name:
                "observable: the Observation framework alone telling one of 1,000 row observers,"
                + " per change (× rename by id, no observers)",
            baseline: renameByIDNone, operations: 200_000
        ) { n in
            let plain = PlainRows(rows: 1_000)
            let told = TestCounter()
            let track = { (row: Int) in
                withObservationTracking {
                    blackHole(plain.read(row))
                } onChange: {
                    told.add()
                }
            }
            for row in 0..<1_000 { track(row) }
            let clock = ContinuousClock()
            var total = Duration.zero
            for i in 0..<n {
                let row = i % 1_000
                let start = clock.now
                plain.rename(row, titles[(i / 1_000 + 1) % 2])
                total += clock.now - start
                track(row)
            }
            return total
        },
        .timed(
            name: "observable: retitle, unread, a list view reading all 1,000 rows whole (× none)",
            baseline: retitleByIDNone, operations: 200_000
        ) { n in
            let model = thousandRowTableModel()
            withObservationTracking {
                blackHole(model.rows)
            } onChange: {
            }
            return timeDispatches(n, model: model, action: retitle)
        },
        .timed(name: clickNone, baseline: nil, operations: 200_000) { n in
            let model = ObservableStore(
                Store(initial: Settings(), mutatingReducer: settingsReducer))
            return timeClicks(n, model: model)
        },
        .timed(
            name: "observable: a click, unread, 3 observers of 3 other fields (× none)",
            baseline: clickNone, operations: 200_000
        ) { n in
            let model = ObservableStore(
                Store(initial: Settings(), mutatingReducer: settingsReducer))
            for read in [
                { blackHole(model.title) }, { blackHole(model.volume) },
                { blackHole(model.isMuted) },
            ] {
                withObservationTracking(read) {}
            }
            return timeClicks(n, model: model)
        },
    ]
}

import Effects
import Redux

/// A to-do row that saves itself a second after a toggle, for the `forEach` cases: each toggle
/// replaces the row's pending save (`cancelInFlight`), so a row has exactly one in flight.
struct SavingRow: Identifiable, Sendable {
    let id: Int
    var isDone = false
    var saves = 0
}

enum SavingRowAction: Sendable {
    case toggle
    case saved
}

enum SavingRowCancelID: Hashable, Sendable {
    case save
}

let savingRowReducer: MutatingReducer<SavingRow, SavingRowAction> = { row, action in
    switch action {
    case .toggle: row.isDone.toggle()
    case .saved: row.saves &+= 1
    }
}

func savingRowSaving(_ scheduler: TestScheduler) -> Middleware<
    SavingRow, SavingRowAction
> {
    let save = Effect.just(SavingRowAction.saved).delay(for: .seconds(1), scheduler: scheduler)
        .cancellable(id: SavingRowCancelID.save, cancelInFlight: true)
    return { _, action in action == .toggle ? save : .none }
}

struct SavingList: Sendable {
    var rows: IdentifiedArray<SavingRow>
}

enum SavingListAction: Sendable {
    case row(Int, SavingRowAction)
    case delete(Int)
    case add(Int)

    static let rows = ActionPath<SavingListAction, (Int, SavingRowAction)>(
        embed: { .row($0.0, $0.1) },
        extract: {
            guard case .row(let id, let action) = $0 else { return nil }
            return (id, action)
        })
}

let savingListReducer: MutatingReducer<SavingList, SavingListAction> = combine(
    { list, action in
        switch action {
        case .delete(let id): list.rows.remove(id: id)
        case .add(let id): list.rows.append(SavingRow(id: id))
        case .row: break
        }
    },
    forEach(savingRowReducer, state: \SavingList.rows, action: SavingListAction.rows)
)

/// A list store of `count` rows, each with its save in flight when `saving`.
func savingList(rows count: Int, saving: Bool, _ scheduler: TestScheduler) -> Store<
    SavingList, SavingListAction
> {
    let store = Store(
        initial: SavingList(
            rows: IdentifiedArray(uniqueElements: (0..<count).map { SavingRow(id: $0) })),
        mutatingReducer: savingListReducer,
        middlewares: [
            forEach(
                savingRowSaving(scheduler), state: \SavingList.rows,
                action: SavingListAction.rows)
        ])
    if saving {
        for id in 0..<count { store.dispatch(.row(id, .toggle)) }
    }
    return store
}

/// An action to one row, with 10 rows and with 10,000, against the same action sent to the
/// row feature's own store (twice: the "changing no id" pair is the guard's name for the
/// promise that such an action costs the same for any number of rows); and removing one row,
/// each row with a save in flight.
func forEachBenchmarks() -> [Benchmark] {
    let element = "forEach: a toggle (replacing its pending save) sent to the row's own store"
    let tenRows = "forEach: a toggle (replacing its pending save) to one row of 10 (× row's store)"
    let removeOfTen = "forEach: removing one row of 10, each saving (delete + add back untimed)"
    let noIDChangeOfTen = "forEach: an action changing no id (a row's toggle), 10 rows"
    return [
        Benchmark(
            name: element, baseline: "baseline: counter reducer, raw loop", operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let store = Store(
                initial: SavingRow(id: 0), mutatingReducer: savingRowReducer,
                middlewares: [savingRowSaving(scheduler)])
            for _ in 0..<n { store.dispatch(.toggle) }
            blackHole(store.state.isDone)
        },
        Benchmark(
            name:
                "forEach: the same toggle on the row's own store, its effect scoped (× row's store)",
            baseline: element, operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let saving = savingRowSaving(scheduler)
            let store = Store(
                initial: SavingRow(id: 0), mutatingReducer: savingRowReducer,
                middlewares: [{ row, action in saving(row, action).scoped(to: row.id) }])
            for _ in 0..<n { store.dispatch(.toggle) }
            blackHole(store.state.isDone)
        },
        Benchmark(name: tenRows, baseline: element, operations: 200_000) { n in
            let scheduler = TestScheduler()
            let store = savingList(rows: 10, saving: false, scheduler)
            for _ in 0..<n { store.dispatch(.row(7, .toggle)) }
            blackHole(store.state.rows[id: 7]?.isDone)
        },
        Benchmark(
            name: "forEach: a toggle (replacing its pending save) to one row of 10,000 (× 10 rows)",
            baseline: tenRows, operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let store = savingList(rows: 10_000, saving: false, scheduler)
            for _ in 0..<n { store.dispatch(.row(7, .toggle)) }
            blackHole(store.state.rows[id: 7]?.isDone)
        },
        Benchmark(
            name: noIDChangeOfTen, baseline: nil, operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let store = savingList(rows: 10, saving: false, scheduler)
            for _ in 0..<n { store.dispatch(.row(7, .toggle)) }
            blackHole(store.state.rows[id: 7]?.isDone)
        },
        Benchmark(
            name: "forEach: an action changing no id, 10,000 rows (× 10 rows)",
            baseline: noIDChangeOfTen, operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let store = savingList(rows: 10_000, saving: false, scheduler)
            for _ in 0..<n { store.dispatch(.row(7, .toggle)) }
            blackHole(store.state.rows[id: 7]?.isDone)
        },
        .timed(name: removeOfTen, baseline: nil, operations: 20_000) { n in
            removingRows(of: 10, n)
        },
        .timed(
            name: "forEach: removing one row of 10,000, each saving (× 10 rows)",
            baseline: removeOfTen, operations: 2_000
        ) { n in
            removingRows(of: 10_000, n)
        },
    ]
}

/// Times `n` deletions of a row of a list of `count` rows, each with its save in flight; each
/// deleted row is added back and toggled again, untimed, so that every deletion sees the same
/// list.
private func removingRows(of count: Int, _ n: Int) -> Duration {
    let scheduler = TestScheduler()
    let store = savingList(rows: count, saving: true, scheduler)
    let clock = ContinuousClock()
    var total = Duration.zero
    for index in 0..<n {
        let id = index % count
        let start = clock.now
        store.dispatch(.delete(id))
        total += start.duration(to: clock.now)
        store.dispatch(.add(id))
        store.dispatch(.row(id, .toggle))
    }
    blackHole(store.state.rows.count)
    return total
}

import Redux

/// An app of two features for the scoping cases: the benchmarks' counter beside another.
struct TwoFeatures: Sendable {
    var counter = Counter()
    var other = 0
}

enum TwoFeaturesAction: Sendable {
    case counter(CounterAction)
    case other
}

let counterFeature = ActionPath<TwoFeaturesAction, CounterAction>(embed: TwoFeaturesAction.counter)
{
    guard case .counter(let action) = $0 else { return nil }
    return action
}

/// The counter's reducer lifted into the app, beside the other feature's.
let twoFeaturesReducer: MutatingReducer<TwoFeatures, TwoFeaturesAction> = combine(
    pullback(counterReducer, state: \.counter, action: counterFeature),
    { state, action in
        if case .other = action { state.other &+= 1 }
    }
)

/// A list's actions, for the action path cases: a row's (id and action) among others.
enum PathListAction: Sendable {
    case add
    case row(id: Int, CounterAction)
    case remove(id: Int)
}

/// The row case's path written by hand, as before the one-line form.
let handWrittenRowPath = ActionPath<PathListAction, (Int, CounterAction)>(
    embed: { .row(id: $0.0, $0.1) },
    extract: {
        guard case .row(let id, let action) = $0 else { return nil }
        return (id, action)
    })

/// The same path in one line: the case's constructor and an `if case`.
let oneLineRowPath = ActionPath(PathListAction.row) {
    if case .row(let id, let a) = $0 { (id, a) } else { nil }
}

/// Extracts the row's action from each of `actions` in turn, `n` times in all; returns the sum
/// of the rows' ids, so that the work is kept. The benchmarks pass the path through `opaque`:
/// a path reaches `forEach` as a value it calls, so `extract` is measured as a call.
func extractRows(
    _ path: ActionPath<PathListAction, (Int, CounterAction)>, from actions: [PathListAction],
    _ n: Int
) -> Int {
    var found = 0
    for index in 0..<n {
        if let (id, _) = path.extract(actions[index & 3]) { found &+= id }
    }
    return found
}

/// A scoped child store against its parent: the same reducer runs either way, so the ratio is
/// what the view adds (embedding the action, one more call).
func compositionBenchmarks() -> [Benchmark] {
    let parent = "scope: parent store dispatch, counter feature composed in"
    let handWritten = "ActionPath: hand-written, extract"
    // Two rows in four, as in a list where most actions are a row's.
    let rowListActions: [PathListAction] = [
        .row(id: 1, .increment), .add, .row(id: 2, .increment), .remove(id: 3),
    ]
    return [
        Benchmark(
            name: parent, baseline: "baseline: counter reducer, raw loop", operations: 2_000_000
        ) { n in
            let store = Store(initial: TwoFeatures(), mutatingReducer: twoFeaturesReducer)
            for _ in 0..<n { store.dispatch(.counter(.increment)) }
            blackHole(store.state.counter)
        },
        Benchmark(
            name: "scope: scoped child store dispatch, same feature (× parent)", baseline: parent,
            operations: 2_000_000
        ) { n in
            let store = Store(initial: TwoFeatures(), mutatingReducer: twoFeaturesReducer)
            let counter = store.scope(state: \.counter, action: counterFeature)
            for _ in 0..<n { counter.dispatch(.increment) }
            blackHole(store.state.counter)
        },
        Benchmark(
            name: handWritten, baseline: nil, operations: 10_000_000
        ) { n in
            blackHole(extractRows(opaque(handWrittenRowPath), from: rowListActions, n))
        },
        Benchmark(
            name: "ActionPath: one-line case path vs hand-written, extract", baseline: handWritten,
            operations: 10_000_000
        ) { n in
            blackHole(extractRows(opaque(oneLineRowPath), from: rowListActions, n))
        },
    ]
}

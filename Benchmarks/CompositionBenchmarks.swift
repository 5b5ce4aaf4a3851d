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

/// A scoped child store against its parent: the same reducer runs either way, so the ratio is
/// what the view adds (embedding the action, one more call).
func compositionBenchmarks() -> [Benchmark] {
    let parent = "scope: parent store dispatch, counter feature composed in"
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
    ]
}

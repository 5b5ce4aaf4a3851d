extension Effect: CustomStringConvertible {
    /// The effect's tree, for example `Merge(Just(a), Delay(1.0 seconds, Just(b)))`.
    ///
    /// Every node prints its name and what sets it apart: `Debounce(id: query, 0.3 seconds,
    /// Run)`, `Throttle(id: save, 1.0 seconds, latest, Just(save))`, and a wrapped publisher its
    /// own description (`RemoveDuplicates(Scan(0, Sequence([1, 2])))`, `Timer(every 1.0
    /// seconds)`, `PassthroughSubject`, …).
    public var description: String {
        switch operation {
        case .none: "None"
        case .just(let value): "Just(\(value))"
        case .node(let node): node.description
        }
    }
}

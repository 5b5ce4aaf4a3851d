extension Effect: CustomStringConvertible {
    /// The effect's tree, for example `Merge(Just(a), Delay(1.0 seconds, Just(b)))`.
    ///
    /// Every node prints its name and what sets it apart: `Debounce(id: query, 0.3 seconds,
    /// Run)`, `Throttle(id: save, 1.0 seconds, latest, Just(save))`, and a wrapped publisher its
    /// own description (`RemoveDuplicates(Scan(0, Sequence([1, 2])))`, `Timer(every 1.0
    /// seconds)`, `PassthroughSubject`, …).
    public var description: String {
        switch operation {
        case .none:
            return "None"
        case .just(let value):
            return "Just(\(value))"
        case .publisher(let publisher):
            return publisher.description
        case .merge(let effects):
            return "Merge(\(effects.map(\.description).joined(separator: ", ")))"
        case .concatenate(let effects):
            return "Concatenate(\(effects.map(\.description).joined(separator: ", ")))"
        case .cancellable(let node):
            return
                "Cancellable(id: \(node.id)\(node.cancelInFlight ? ", cancelInFlight" : ""), \(node.effect))"
        case .cancel(let id):
            return "Cancel(id: \(id))"
        case .delayed(let node):
            return "Delay(\(node.interval), \(node.effect))"
        case .debounced(let node):
            return "Debounce(id: \(node.id), \(node.interval), \(node.effect))"
        case .throttled(let node):
            return
                "Throttle(id: \(node.id), \(node.interval), \(node.latest ? "latest" : "first"), \(node.effect))"
        }
    }
}

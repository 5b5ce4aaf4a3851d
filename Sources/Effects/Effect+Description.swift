extension Effect: CustomStringConvertible {
    /// The effect's tree, for example `Merge(Just(a), Delay(1.0 seconds, Just(b)))`.
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
            return "Cancellable(id: \(node.id)\(node.cancelInFlight ? ", cancelInFlight" : ""), \(node.effect))"
        case .cancel(let id):
            return "Cancel(id: \(id))"
        case .delayed(let node):
            return "Delay(\(node.interval), \(node.effect))"
        }
    }
}

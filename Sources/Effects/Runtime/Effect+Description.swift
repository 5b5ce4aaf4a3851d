extension Effect: CustomStringConvertible {
    /// The effect's tree, for example `Merge(Just(a), Delay(1.0 seconds, Just(b)))`.
    public var description: String {
        switch operation {
        case .none: "None"
        case .just(let value): "Just(\(value))"
        case .node(let node): node.description
        }
    }
}

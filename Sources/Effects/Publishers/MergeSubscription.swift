/// Attaches one downstream to several upstreams at once: ``Publishers/Merge``,
/// ``Publishers/MergeMany`` and a merged effect subscribed to as a publisher. The upstreams are
/// a `flatMap`'s inner publishers, started in order; the downstream is called one call at a
/// time and finishes when every upstream has.
struct MergeSubscription<Downstream: Subscriber> {
    typealias Start = @Sendable (FlatMapChild<Int, Downstream>) -> Void

    let downstream: Downstream

    func start(_ starts: [Start]) {
        FlatMapSubscription.run(starts, limit: .max, downstream: downstream)
    }
}

/// Attaches one downstream to several upstreams one after another: the next starts when the
/// current one finishes, the downstream finishes after the last. Cancelling cancels the current
/// upstream and starts no other.
struct ConcatenateSubscription<Downstream: Subscriber> {
    typealias Start = MergeSubscription<Downstream>.Start

    let downstream: Downstream
    let starts: [Start]

    func start() {
        FlatMapSubscription.run(starts, limit: 1, downstream: downstream)
    }
}

/// The state machine behind `zip` and `combineLatest` of two, three and four publishers: one
/// slot per upstream, by index, and the rows waiting for the downstream. ``CombiningSubscription``
/// keeps it behind its lock and carries out what each transition returns.
///
/// - `.zip`: a slot queues its upstream's values; once every slot holds one, the oldest of each
///   make a row. It ends when a finished upstream's slot is empty (nothing it sent can be paired
///   any more).
/// - `.combineLatest`: a slot keeps its upstream's latest value; once every slot holds one, each
///   new value makes a row of the latest of each. It ends when every upstream has finished.
///
/// When it ends, the upstreams still running are handed back to be cancelled, in index order.
///
/// Size and cost: two to four slots; a zip slot queues as many values as its upstream is ahead
/// of the slowest one. A value or a completion is O(slots).
struct CombiningState<Value> {
    enum Rule {
        case zip
        case combineLatest
    }

    enum Held {
        /// zip: the values not yet used, oldest first.
        case queue(FIFOQueue<Value>)
        /// combineLatest: the latest value, once there is one.
        case latest(Value?)

        init(for rule: Rule) {
            switch rule {
            case .zip: self = .queue(FIFOQueue())
            case .combineLatest: self = .latest(nil)
            }
        }

        var isEmpty: Bool {
            switch self {
            case .queue(let queue): queue.isEmpty
            case .latest(let latest): latest == nil
            }
        }

        /// Keeps `value`; returns the value it replaced (combineLatest's), for release outside
        /// the lock.
        mutating func put(_ value: Value) -> Value? {
            switch self {
            case .queue(var queue):
                self = .latest(nil)
                queue.append(value)
                self = .queue(queue)
                return nil
            case .latest(let replaced):
                self = .latest(value)
                return replaced
            }
        }

        /// The value for a row: zip's oldest, taken out; combineLatest's latest, kept.
        mutating func take() -> Value? {
            switch self {
            case .queue(var queue):
                self = .latest(nil)
                defer { self = .queue(queue) }
                return queue.popFirst()
            case .latest(let latest):
                return latest
            }
        }
    }

    struct Slot {
        var held: Held
        var link = SubscriptionLink.starting
        var isFinished = false
    }

    enum Stage {
        case running([Slot])
        case ended
    }

    /// What the caller does after a transition, outside the lock.
    struct Outcome {
        /// The caller has become the deliverer and must drain the outbox.
        var delivers = false
        /// Upstreams still running when the whole ended, in order.
        var cancel: [any Subscription] = []
        /// What was taken out, to be released after the lock.
        var release: [Any] = []
    }

    let rule: Rule
    private(set) var stage: Stage
    var outbox = SerialOutbox<[Value]>()

    init(rule: Rule, count: Int) {
        self.rule = rule
        stage = .running(Array(repeating: Slot(held: Held(for: rule)), count: count))
    }

    var isEnded: Bool { if case .ended = stage { true } else { false } }

    /// False if the machine has ended (or the slot already holds one): the caller cancels it.
    mutating func attach(_ subscription: any Subscription, at index: Int) -> Bool {
        withSlots { $0[index].link.attach(subscription) } ?? false
    }

    mutating func receive(_ value: Value, at index: Int) -> Outcome {
        var outcome = Outcome()
        let row = withSlots { slots -> [Value]? in
            if let replaced = slots[index].held.put(value) { outcome.release.append(replaced) }
            guard slots.allSatisfy({ !$0.held.isEmpty }) else { return nil }
            return slots.indices.map { slots[$0].held.take()! }
        }
        guard let row = row ?? nil else { return outcome }
        outcome.delivers = outbox.push(.value(row))
        if rule == .zip { endIfDone(&outcome) }
        return outcome
    }

    mutating func finish(at index: Int) -> Outcome {
        var outcome = Outcome()
        let finished = withSlots { slots -> (isNew: Bool, link: (any Subscription)?) in
            guard !slots[index].isFinished else { return (false, nil) }
            slots[index].isFinished = true
            return (true, slots[index].link.end())
        }
        guard let finished, finished.isNew else { return outcome }
        if let link = finished.link { outcome.release.append(link) }
        endIfDone(&outcome)
        return outcome
    }

    /// Nil if it had ended already.
    mutating func cancel() -> Outcome? {
        guard case .running(let slots) = stage else { return nil }
        stage = .ended
        var outcome = Outcome()
        outcome.cancel = slots.compactMap { slot in
            var link = slot.link
            return link.end()
        }
        outcome.release = [slots, outbox.close()]
        return outcome
    }

    private mutating func endIfDone(_ outcome: inout Outcome) {
        guard case .running(let slots) = stage else { return }
        let isDone =
            switch rule {
            case .zip: slots.contains { $0.isFinished && $0.held.isEmpty }
            case .combineLatest: slots.allSatisfy(\.isFinished)
            }
        guard isDone else { return }
        stage = .ended
        for var slot in slots {
            if let running = slot.link.end() { outcome.cancel.append(running) }
        }
        outcome.release.append(slots)
        if outbox.push(.finished) { outcome.delivers = true }
    }

    /// Runs `body` on the slots, moved out of the stage so they are not copied; nil once ended.
    private mutating func withSlots<Result>(_ body: (inout [Slot]) -> Result) -> Result? {
        guard case .running(var slots) = stage else { return nil }
        stage = .ended
        defer { stage = .running(slots) }
        return body(&slots)
    }
}

extension CombiningState: Sendable where Value: Sendable {}
extension CombiningState.Slot: Sendable where Value: Sendable {}
extension CombiningState.Stage: Sendable where Value: Sendable {}
extension CombiningState.Held: Sendable where Value: Sendable {}

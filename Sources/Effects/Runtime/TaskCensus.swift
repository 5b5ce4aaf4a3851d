/// Where the async tasks that prefer a ``TestScheduler`` as their executor are: asleep on the
/// scheduler's clock, which only an advance wakes, or awake — running, ready to run, or waiting
/// on something the clock does not drive (another actor, a real timer, a continuation).
///
/// A test store asks it whether anything can still happen without the clock moving. Child tasks
/// count as their task; a sleep of no counted task is ignored.
///
/// Size: one entry per counted task alive; every operation costs O(1).
struct TaskCensus {
    enum Whereabouts: Equatable {
        case awake
        /// More than one sleep when child tasks sleep side by side.
        case asleep(sleeps: Int)
    }

    private(set) var tasks: [Int: Whereabouts] = [:]
    private(set) var awakeCount = 0
    private var nextID = 0

    mutating func taskStarted() -> Int {
        defer { nextID += 1 }
        tasks[nextID] = .awake
        awakeCount += 1
        return nextID
    }

    mutating func fellAsleep(_ id: Int) {
        switch tasks[id] {
        case nil:
            return
        case .awake:
            tasks[id] = .asleep(sleeps: 1)
            awakeCount -= 1
        case .asleep(let sleeps):
            tasks[id] = .asleep(sleeps: sleeps + 1)
        }
    }

    mutating func wokeUp(_ id: Int) {
        switch tasks[id] {
        case nil:
            return
        case .awake:
            preconditionFailure("TaskCensus: a task woke up that was not asleep")
        case .asleep(1):
            tasks[id] = .awake
            awakeCount += 1
        case .asleep(let sleeps):
            tasks[id] = .asleep(sleeps: sleeps - 1)
        }
    }

    mutating func taskEnded(_ id: Int) {
        guard let whereabouts = tasks.removeValue(forKey: id) else {
            preconditionFailure("TaskCensus: a task ended twice, or was never started")
        }
        if whereabouts == .awake { awakeCount -= 1 }
    }

    /// For tests; O(n).
    func checkInvariants() {
        precondition(awakeCount == tasks.values.filter { $0 == .awake }.count)
        for case .asleep(let sleeps) in tasks.values {
            precondition(sleeps > 0)
        }
    }
}

/// Where the async tasks that prefer a ``TestScheduler`` as their executor are: asleep on the
/// scheduler's clock, which only an advance wakes, or awake — running, ready to run, or waiting
/// on something the clock does not drive (another actor, a real timer, a continuation).
///
/// A test store asks it whether anything can still happen without the clock moving: while a
/// task is awake, something outside the test may bring it back with an action; while every task
/// is asleep, only an advance can.
///
/// A task is counted from the moment it is made until its operation returns. Its child tasks
/// (`async let`, task groups) count as the task itself: while any of them sleeps, the task is
/// asleep. A sleep that belongs to no counted task (it ended, or was never counted) is ignored.
///
/// Size: one entry per counted task alive; every operation costs O(1) (a dictionary).
struct TaskCensus {
    /// Where one counted task is.
    enum Whereabouts: Equatable {
        /// Running, ready to run, or waiting on something the scheduler's clock does not drive.
        case awake
        /// Suspended in `sleeps` sleeps on the scheduler's clock (more than one when child
        /// tasks sleep side by side).
        case asleep(sleeps: Int)
    }

    /// Every counted task alive, by id.
    private(set) var tasks: [Int: Whereabouts] = [:]
    /// How many of `tasks` are awake, kept as they change so that reading it is O(1).
    private(set) var awakeCount = 0
    private var nextID = 0

    /// A task was made: it is awake until it sleeps. Returns its id.
    mutating func taskStarted() -> Int {
        defer { nextID += 1 }
        tasks[nextID] = .awake
        awakeCount += 1
        return nextID
    }

    /// The task `id`, or one of its children, begins a sleep on the clock.
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

    /// A sleep of the task `id`, or of one of its children, ended (its deadline came, or the
    /// task was cancelled).
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

    /// The operation of the task `id` returned. (A sleep of an unstructured task it made may
    /// outlive it; that sleep is then ignored.)
    mutating func taskEnded(_ id: Int) {
        guard let whereabouts = tasks.removeValue(forKey: id) else {
            preconditionFailure("TaskCensus: a task ended twice, or was never started")
        }
        if whereabouts == .awake { awakeCount -= 1 }
    }

    /// Checks the census is consistent: the awake count is the number of awake tasks, and every
    /// sleeping task has at least one sleep. For tests; O(n).
    func checkInvariants() {
        precondition(awakeCount == tasks.values.filter { $0 == .awake }.count)
        for case .asleep(let sleeps) in tasks.values {
            precondition(sleeps > 0)
        }
    }
}

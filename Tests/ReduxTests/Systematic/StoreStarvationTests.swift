import Effects
import Foundation
@testable import Redux
import Testing

/// Forward progress on a pool as small as the cooperative pool of a two-core machine: two tasks
/// dispatch into the full queue of a store whose home (an actor's serial executor, say) runs on
/// the same pool. Run under every schedule up to two preemptions (see `ControlledScheduler`).
#if DEBUG
@Suite(.serialized) struct StoreStarvationTests {
    typealias Action = StoreScheduleTests.Action
    typealias Origin = StoreScheduleTests.Origin

    static let actionsPerTask = 3

    /// Two tasks on a pool of two threads each send `actionsPerTask` actions, with `dispatch`
    /// (which blocks a thread that must wait) or `enqueue` (which suspends the task instead),
    /// into a store of queue capacity 2 whose home runs on that pool.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func scenario(suspending: Bool) -> ScheduleExplorer.Scenario {
        let pool = ControlledPool(taskCount: 2)
        let home = StoreHome(
            schedule: { pool.scheduleHomeWork($0) }, isCurrent: { pool.isRunningHomeWork })
        let store = Store<StoreScheduleTests.Log, Action>(
            initial: StoreScheduleTests.Log(),
            mutatingReducer: { log, action in log.reduced.append(action) },
            home: home,
            queueCapacity: 2
        )
        for sender in 0..<2 {
            Task(executorPreference: pool) {
                for index in 0..<actionsPerTask {
                    let action = Action.send(Origin(sender: sender, index: index))
                    if suspending {
                        await store.enqueue(action)
                    } else {
                        store.dispatch(action)
                    }
                }
                pool.taskFinished()
            }
        }
        return ScheduleExplorer.Scenario(
            threads: [{ pool.work(as: 0) }, { pool.work(as: 1) }]
        ) {
            let reduced = store.state.reduced
            return reduced.count == 2 * actionsPerTask
                ? StoreScheduleTests.problem(in: reduced, isComplete: false)
                : "\(reduced.count) of \(2 * actionsPerTask) actions reduced: \(reduced)"
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("two tasks blocking in dispatch can starve a home that runs on their pool")
    func blockingDispatchStarvesTheHome() async {
        let report = await ScheduleExplorer(preemptionBound: 2).explore {
            Self.scenario(suspending: false)
        }
        print("StoreStarvationTests: 2 pool threads, blocking dispatch: \(report)")
        let problem = report.failure?.problem ?? ""
        #expect(problem.hasPrefix("deadlock"), "\(report)")
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("two tasks suspending in enqueue let the home drain, in every schedule")
    func suspendingEnqueueLetsTheHomeDrain() async {
        let report = await ScheduleExplorer(preemptionBound: 2).explore {
            Self.scenario(suspending: true)
        }
        print("StoreStarvationTests: 2 pool threads, enqueue: \(report)")
        #expect(report.failure == nil, "\(report)")
        #expect(!report.isCut)
        #expect(report.runs > 1)
    }
}
#endif

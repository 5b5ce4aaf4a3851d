import Dispatch
import Foundation

// Debug builds only: release builds have no scheduling points (see `ScheduleTesting`).
#if DEBUG
/// Runs a scenario once for every schedule with at most `preemptionBound` preemptions (CHESS's
/// bound: a thread loses the processor while it could go on), depth first, and stops at the first
/// schedule whose run fails its check or deadlocks.
///
/// Stateless: each run starts the scenario afresh and replays a prefix of choices recorded by an
/// earlier run, then takes a different thread at one point past it, then the usual choices. Each
/// schedule is run once: a run's children differ from it first at a point it chose by default.
struct ScheduleExplorer {
    /// A scenario ready to run: its threads, and the check of what they did once they return.
    struct Scenario: Sendable {
        var threads: [@Sendable () -> Void]
        /// What is wrong with the run's result, or nil.
        var check: @Sendable () -> String?
    }

    /// What an exploration found.
    struct Report: CustomStringConvertible {
        var runs = 0
        var longestSchedule = 0
        var mostPoints = 0
        var seconds = 0.0
        /// The first failing schedule's choices, and what went wrong.
        var failure: (choices: [Int], problem: String)?
        /// Whether the bound on runs stopped the search before it was done.
        var isCut = false

        var description: String {
            let result = failure.map { "FAILED: \($0.problem) with choices \($0.choices)" } ?? "ok"
            return
                "\(runs) schedules\(isCut ? " (cut)" : ""), up to \(longestSchedule) choices and "
                + "\(mostPoints) scheduling points a run, \(String(format: "%.1f", seconds)) s: \(result)"
        }
    }

    let preemptionBound: Int
    /// A safety bound on runs, so that a scenario grown by mistake cannot stall the suite.
    let maximumRuns: Int

    init(preemptionBound: Int, maximumRuns: Int = 200_000) {
        self.preemptionBound = preemptionBound
        self.maximumRuns = maximumRuns
    }

    /// Explores every schedule of the scenarios `make` returns (one fresh scenario per run).
    /// Blocks the calling thread: call it from ``explore(_:)``.
    func exploreBlocking(_ make: () -> Scenario) -> Report {
        var report = Report()
        let start = DispatchTime.now()
        // Prefixes still to run, with the preemptions they spend; depth first.
        var pending: [(choices: [Int], preemptions: Int)] = [([], 0)]
        while let (prefix, spent) = pending.popLast() {
            guard report.runs < maximumRuns else {
                report.isCut = true
                break
            }
            let scenario = make()
            let run = ControlledScheduler.run(scenario.threads, replaying: prefix)
            report.runs += 1
            report.longestSchedule = max(report.longestSchedule, run.decisions.count)
            report.mostPoints = max(report.mostPoints, run.points)
            let choices = run.decisions.map(\.chosen)
            if let problem = Self.problem(in: run, checking: scenario) {
                // Up to the last choice that was not the usual one: the rest replays by itself.
                let decisive = run.decisions.lastIndex { !$0.isUsual } ?? -1
                report.failure = (Array(choices[...decisive]), problem)
                break
            }
            // Children: at each point this run chose by default, each other thread.
            var preemptions = spent
            for (position, decision) in run.decisions.enumerated().dropFirst(prefix.count) {
                for thread in decision.enabled where thread != decision.chosen {
                    let cost = decision.isPreemption(choosing: thread) ? 1 : 0
                    if preemptions + cost <= preemptionBound {
                        pending.append((Array(choices[..<position]) + [thread], preemptions + cost))
                    }
                }
                if decision.isPreemption(choosing: decision.chosen) {
                    preemptions += 1
                }
            }
        }
        report.seconds =
            Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }

    /// Explores on a thread of its own, so that no thread of the cooperative pool blocks.
    func explore(_ make: @escaping @Sendable () -> Scenario) async -> Report {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: exploreBlocking(make))
            }
            thread.start()
        }
    }

    /// Runs the scenario once under the schedule `choices` (a failure's, to replay it).
    static func replay(_ choices: [Int], of scenario: Scenario) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let run = ControlledScheduler.run(scenario.threads, replaying: choices)
                continuation.resume(returning: problem(in: run, checking: scenario))
            }
            thread.start()
        }
    }

    private static func problem(in run: ControlledScheduler.Run, checking scenario: Scenario)
        -> String?
    {
        if run.diverged {
            return "the scenario did not follow its replayed schedule (it is not deterministic)"
        }
        if case .deadlocked(let blocked) = run.outcome {
            return "deadlock: threads \(blocked) wait for good"
        }
        return scenario.check()
    }
}
#endif

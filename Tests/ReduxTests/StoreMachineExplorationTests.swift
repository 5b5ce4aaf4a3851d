@testable import Redux
import Testing

/// The store's machine explored exhaustively: every order in which a few threads can dispatch,
/// drain, wait, wake, send from an effect, wait in `idle()` and shut the store down, with the
/// contract checked in every state reached (see `StoreMachineExplorer`).
@Suite struct StoreMachineExplorationTests {
    @Test(
        "every reachable state of the store's machine keeps the contract",
        arguments: ExplorerConfiguration.standard)
    func contractKept(_ configuration: ExplorerConfiguration) {
        let clock = ContinuousClock()
        var report: ExplorerReport?
        let duration = clock.measure {
            report = StoreMachineExplorer(configuration).explore()
        }
        guard let report else { return }
        print(
            "StoreMachineExplorer: \(configuration.name): \(report.states) states, "
                + "\(report.transitions) transitions, \(duration)")
        #expect(report.violation == nil, "\(report)")
        // The search went somewhere: far more states than one run's events.
        #expect(report.states > 1_000)
    }

    #if DEBUG
    @Test(
        "the explorer catches each bug seeded into the machine, by the rule it breaks",
        arguments: StoreMachineMutation.allCases)
    func seededBugCaught(_ mutation: StoreMachineMutation) throws {
        var configuration = mutation.exposingConfiguration
        configuration.mutation = mutation
        let report = StoreMachineExplorer(configuration).explore()
        print("StoreMachineExplorer: mutant \(mutation): \(report)")
        let violation = try #require(report.violation, "the mutant \(mutation) went unnoticed")
        #expect(violation.invariant == mutation.brokenRule, "\(violation)")
    }

    @Test("a violation comes with the shortest sequence of events that leads to it")
    func shortestTrace() throws {
        var configuration = ExplorerConfiguration.standard[0]
        configuration.mutation = .lastInFirstOut
        let violation = try #require(StoreMachineExplorer(configuration).explore().violation)
        // Four events at least: a drainer, two actions of one thread queued, the next step.
        #expect(
            violation.trace == [
                "T0 dispatches T0a0: process",
                "T1 dispatches T1a0: queued(closesGate: false)",
                "T1 dispatches T1a1: queued(closesGate: true)",
                "T0 is done with T0a0; T0 asks for its next step: process(T1a1)",
            ])
    }

    @Test("a livelock is reported with the run that goes round")
    func livelockTrace() throws {
        var configuration = ExplorerConfiguration.standard[2]
        configuration.mutation = .roomMadeForever
        let violation = try #require(StoreMachineExplorer(configuration).explore().violation)
        #expect(violation.invariant == .liveness)
        #expect(violation.message.contains("goes round in a cycle"), "\(violation)")
        #expect(violation.trace.last?.contains("makeRoom") == true, "\(violation)")
    }
    #endif
}

#if DEBUG
extension StoreMachineMutation {
    /// The rule of the contract the bug breaks, as the explorer names it.
    var brokenRule: ExplorerInvariant {
        switch self {
        case .turnNeverEnds: .turn
        case .successorNotWoken: .liveness
        case .roomOnlyWhenEmpty: .room
        case .gateLeftClosed: .room
        // Caught as the queue drains below half with the thread still waiting, before the
        // deadlock it leads to.
        case .roomWaitersForgotten: .room
        case .lastInFirstOut: .order
        case .idleResumedEarly: .idle
        // Caught as the thread's next action is reduced without the lost one, before the end.
        case .workDroppedAtTakeOver: .order
        case .workAcceptedAfterShutDown: .shutDown
        case .boundIgnored: .bound
        case .roomMadeForever: .liveness
        }
    }

    /// The smallest standard configuration in which the bug can show.
    var exposingConfiguration: ExplorerConfiguration {
        let standard = ExplorerConfiguration.standard
        switch self {
        case .turnNeverEnds, .successorNotWoken, .lastInFirstOut, .idleResumedEarly,
            .workDroppedAtTakeOver, .boundIgnored:
            return standard[0]
        case .workAcceptedAfterShutDown:
            return standard[1]
        case .roomOnlyWhenEmpty, .gateLeftClosed, .roomWaitersForgotten, .roomMadeForever:
            return standard[2]
        }
    }
}
#endif

import Effects
import Redux
import ReduxTesting
import Testing

/// A small feature with a nested state, a delayed effect and a synchronous one.
private struct Account: Equatable, Sendable {
    struct Profile: Equatable, Sendable {
        var name = "Ada"
        var score = 0
    }

    var profile = Profile()
    var isSaving = false
}

private enum AccountAction: Equatable, Sendable {
    case rename(String)
    case score(Int)
    case save
    case saved
    case ping
    case pong
}

private let accountReducer: Reducer<Account, AccountAction> = { state, action in
    var state = state
    switch action {
    case .rename(let name): state.profile.name = name
    case .score(let points): state.profile.score += points
    case .save: state.isSaving = true
    case .saved: state.isSaving = false
    case .ping, .pong: break
    }
    return state
}

/// Saving takes a second; a ping is answered at once.
private func accountLogic(scheduler: TestScheduler) -> Middleware<Account, AccountAction> {
    { _, action in
        switch action {
        case .save:
            Effect(Just(AccountAction.saved))
                .delay(for: .seconds(1), scheduler: scheduler)
                .cancellable(id: "save", cancelInFlight: true)
        case .ping:
            Effect([AccountAction.pong].publisher)
        default:
            .none
        }
    }
}

private func makeStore(
    scheduler: TestScheduler = TestScheduler(),
    interceptors: [Interceptor<Account, AccountAction>] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) -> TestStore<Account, AccountAction> {
    TestStore(
        initial: Account(),
        reducer: accountReducer,
        scheduler: scheduler,
        interceptors: interceptors,
        middlewares: [accountLogic(scheduler: scheduler)],
        sourceLocation: sourceLocation
    )
}

/// Whether `issue` was recorded with a comment containing `text`.
private func issue(_ issue: Issue, mentions text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

@Suite struct TestStoreTests {
    // MARK: Passing

    @Test("send, advance, receive and finish walk a feature through virtual time")
    func passing() {
        let store = makeStore()
        store.send(.rename("Grace")) { $0.profile.name = "Grace" }
        store.send(.save) { $0.isSaving = true }

        store.advance(by: .milliseconds(999))
        store.advance(by: .milliseconds(1))
        store.receive(.saved) { $0.isSaving = false }

        store.send(.ping)
        store.receive(.pong)
        store.send(.score(3)) { $0.profile.score = 3 }

        #expect(store.state == Account(profile: .init(name: "Grace", score: 3), isSaving: false))
        #expect(store.scheduler.now == .seconds(1))
        store.finish()
    }

    @Test("a cancelled effect needs no receive")
    func cancelInFlight() {
        let store = makeStore()
        store.send(.save) { $0.isSaving = true }
        store.advance(by: .milliseconds(500))
        store.send(.save)
        store.advance(by: .milliseconds(500))
        store.advance(by: .milliseconds(500))
        store.receive(.saved) { $0.isSaving = false }
        #expect(store.scheduler.now == .milliseconds(1500))
        store.finish()
    }

    @Test("interceptors under test run before the reducer")
    func interceptors() {
        let entries = EventLog<String>()
        let store = makeStore(interceptors: [
            .logging(to: entries.append),
            Interceptor { action, _, next in
                next(action == .score(0) ? .score(1) : action)
            },
        ])
        store.send(.score(0)) { $0.profile.score = 1 }
        store.finish()

        #expect(entries.entries == ["action score(0)\n  profile.score: 0 → 1"])
    }

    @Test(
        "an action an interceptor rewrites into two: send asserts the first, the second is received"
    )
    func rewriteIntoTwo() {
        let store = makeStore(interceptors: [
            Interceptor { action, _, next in
                guard case .rename(let name) = action else { return next(action) }
                next(.rename(name))
                next(.score(1))
            }
        ])
        store.send(.rename("Grace")) { $0.profile.name = "Grace" }
        store.receive(.score(1)) { $0.profile.score = 1 }
        store.finish()
    }

    // MARK: Failing

    @Test("a wrong expected state fails, naming the field and both values, at the call site")
    func wrongState() {
        let sendLine = #line + 3
        withKnownIssue {
            let store = makeStore()
            store.send(.rename("Grace")) { $0.profile.name = "Grace Hopper" }
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions: "The state after sending rename(\"Grace\") is not the expected one")
                && issue(
                    recorded, mentions: #"profile.name: expected "Grace Hopper", actual "Grace""#)
                && recorded.sourceLocation?.line == sendLine
                && recorded.sourceLocation?.fileName == "TestStoreTests.swift"
        }
    }

    @Test("after a wrong expectation, the next step starts from the actual state")
    func recoversAfterAWrongState() {
        withKnownIssue {
            let store = makeStore()
            store.send(.score(2)) { $0.profile.score = 3 }
            store.send(.score(2)) { $0.profile.score = 4 }
            store.finish()
        } matching: { recorded in
            issue(recorded, mentions: "profile.score: expected 3, actual 2")
        }
    }

    @Test("receiving an action other than the one sent fails")
    func unexpectedReceivedAction() {
        withKnownIssue {
            let store = makeStore()
            store.send(.save) { $0.isSaving = true }
            store.advance(by: .seconds(1))
            store.receive(.pong) { $0.isSaving = false }
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions: "Received an unexpected action.\n  expected: pong\n  received: saved")
        }
    }

    @Test("an action received but not asserted fails at finish")
    func unassertedAtFinish() {
        withKnownIssue {
            let store = makeStore()
            store.send(.ping)
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions: "The store received 1 action(s) that the test did not assert:\n  pong")
        }
    }

    @Test("sending while received actions are not asserted fails")
    func unassertedAtSend() {
        withKnownIssue {
            let store = makeStore()
            store.send(.ping)
            store.send(.score(1)) { $0.profile.score = 1 }
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions: "Sent score(1) while 1 received action(s) were not asserted:\n  pong")
        }
    }

    @Test("an effect still pending at finish fails")
    func pendingAtFinish() {
        withKnownIssue {
            let store = makeStore()
            store.send(.save) { $0.isSaving = true }
            store.advance(by: .milliseconds(999))
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions: "Effects are still in flight when the test ends: 1 running, 2 scheduled")
        }
    }

    @Test("a test store released without finish checks at release, where it was made")
    func finishOnRelease() {
        let creationLine = #line + 2
        withKnownIssue {
            let store = makeStore()
            store.send(.save) { $0.isSaving = true }
        } matching: { recorded in
            issue(recorded, mentions: "Effects are still in flight")
                && recorded.sourceLocation?.line == creationLine
        }
    }

    @Test("receive when nothing was received fails")
    func receiveNothing() {
        withKnownIssue {
            let store = makeStore()
            store.send(.rename("Grace")) { $0.profile.name = "Grace" }
            store.receive(.saved)
            store.finish()
        } matching: { recorded in
            issue(recorded, mentions: "Expected to receive saved, but no action was received")
                && !issue(recorded, mentions: "advance the scheduler")
        }
    }

    @Test("receive before the clock reaches a pending effect fails, suggesting to advance")
    func receiveTooEarly() {
        withKnownIssue {
            let store = makeStore()
            store.send(.save) { $0.isSaving = true }
            store.receive(.saved) { $0.isSaving = false }
            store.advance(by: .seconds(1))
            store.receive(.saved) { $0.isSaving = false }
            store.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions:
                    "Expected to receive saved, but no action was received (effects are still running: advance the scheduler?)"
            )
        }
    }

    @Test("an update closure that throws fails")
    func updateThrows() {
        struct Oops: Error {}
        withKnownIssue {
            let store = makeStore()
            store.send(.score(1)) { _ in throw Oops() }
            store.finish()
        } matching: { recorded in
            issue(recorded, mentions: "The update closure threw: Oops()")
                || issue(recorded, mentions: "profile.score: expected 0, actual 1")
        }
    }

    @Test("an action that an interceptor drops fails the send")
    func droppedAction() {
        withKnownIssue {
            let store = makeStore(interceptors: [
                Interceptor { action, _, next in
                    if action != .ping { next(action) }
                }
            ])
            store.send(.ping)
            store.finish()
        } matching: { recorded in
            issue(recorded, mentions: "ping did not reach the reducer (an interceptor dropped it)")
        }
    }
}

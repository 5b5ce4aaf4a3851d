import Dispatch
import Effects
import Redux
import ReduxTesting
import Testing

/// A radio: it beeps a second later (a delayed effect, or async work asleep on the clock), listens
/// to a channel the test feeds (async work that waits outside the scheduler), and reads a sensor
/// (async work that calls into another actor and comes back).
private struct Radio: Equatable, Sendable {
    var beeps = 0
    var heard: [Int] = []
    var readings: [Int] = []
}

private enum RadioAction: Equatable, Sendable {
    case beepLater
    case tickLater
    case tickTwiceAtOnce
    case listen
    case read
    case beep
    case heard(Int)
    case reading(Int)
}

private let radioReducer: MutatingReducer<Radio, RadioAction> = { radio, action in
    switch action {
    case .beep: radio.beeps += 1
    case .heard(let value): radio.heard.append(value)
    case .reading(let value): radio.readings.append(value)
    case .beepLater, .tickLater, .tickTwiceAtOnce, .listen, .read: break
    }
}

private func radio(scheduler: TestScheduler, channel: AsyncStream<Int>) -> Middleware<
    Radio, RadioAction
> {
    let sensor = QueueSensor()
    return { _, action in
        switch action {
        case .beepLater:
            return Effect(Just(.beep).delay(for: .seconds(1), scheduler: scheduler))
        case .tickLater:
            return .run { send in
                guard (try? await scheduler.clock.sleep(for: .seconds(1))) != nil else { return }
                await send(.beep)
            }
        case .tickTwiceAtOnce:
            return .run { send in
                async let first: Void? = try? scheduler.clock.sleep(for: .seconds(1))
                async let second: Void? = try? scheduler.clock.sleep(for: .seconds(2))
                _ = await (first, second)
                await send(.beep)
            }
        case .listen:
            return .run { send in
                for await value in channel {
                    await send(.heard(value))
                }
            }
        case .read:
            return .run { send in await send(.reading(await sensor.read())) }
        case .beep, .heard, .reading:
            return .none
        }
    }
}

/// A test store of the radio, and the continuation that feeds its channel.
private func makeStore() -> (TestStore<Radio, RadioAction>, AsyncStream<Int>.Continuation) {
    let scheduler = TestScheduler()
    let (channel, feed) = AsyncStream<Int>.makeStream()
    let store = TestStore(
        initial: Radio(),
        mutatingReducer: radioReducer,
        scheduler: scheduler,
        middlewares: [radio(scheduler: scheduler, channel: channel)]
    )
    return (store, feed)
}

/// Whether `issue` was recorded with a comment containing `text`.
private func issue(_ issue: Issue, mentions text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

// Where a step must not wait in real time, the store is given an hour to wait and the test a
// minute to run: a step that waited would fail the test on its time limit. No test sleeps.
@Suite(.timeLimit(.minutes(1))) struct TestStoreTaskTests {
    // MARK: finish(timeout:)

    @Test("finish passes once the work the action started has ended")
    func finishAfterTheWorkEnded() async {
        let (store, _) = makeStore()
        let beeping = await store.send(.beepLater)
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await beeping.finish()
        #expect(!beeping.isCancelled)
        await store.finish()
    }

    @Test(
        "finish on a delayed effect nobody advances fails at once, saying to advance the scheduler")
    func finishOnADelayFails() async {
        let (store, _) = makeStore()
        store.timeout = .seconds(3600)
        let beeping = await store.send(.beepLater)
        await withKnownIssue {
            await beeping.finish()
        } matching: { recorded in
            issue(
                recorded,
                mentions:
                    "The work beepLater started is still in flight, and cannot end before the test "
                    + "scheduler moves: 1 piece(s) of work are scheduled on it. Advance the scheduler, "
                    + "or cancel the task.")
        }
        beeping.cancel()
        await store.finish()
    }

    @Test("finish on async work asleep on the test clock fails at once, saying to advance it")
    func finishOnASleepFails() async {
        let (store, _) = makeStore()
        store.timeout = .seconds(3600)
        let ticking = await store.send(.tickLater)
        await withKnownIssue {
            await ticking.finish(timeout: .seconds(3600))
        } matching: { recorded in
            issue(recorded, mentions: "The work tickLater started is still in flight")
                && issue(recorded, mentions: "Advance the scheduler")
        }
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await ticking.finish()
        await store.finish()
    }

    @Test("finish waits for async work that left the scheduler to come back and end")
    func finishWaitsForWorkAway() async {
        let (store, _) = makeStore()
        let reading = await store.send(.read)
        await reading.finish(timeout: .seconds(30))
        await store.receive(.reading(7)) { $0.readings = [7] }
        await store.finish()
    }

    @Test("finish fails once its timeout has passed when work away from the scheduler goes on")
    func finishTimesOut() async {
        let (store, _) = makeStore()
        let listening = await store.send(.listen)
        await withKnownIssue {
            await listening.finish(timeout: .zero)
        } matching: { recorded in
            issue(
                recorded,
                mentions:
                    "The work listen started is still in flight after 0.0 seconds. Wait longer")
        }
        listening.cancel()
        await store.finish()
    }

    // MARK: cancel()

    @Test("cancel ends an in-flight delayed effect: nothing stays scheduled, nothing arrives")
    func cancelADelay() async {
        let (store, _) = makeStore()
        let beeping = await store.send(.beepLater)
        #expect(store.scheduler.pendingWorkCount == 1)
        beeping.cancel()
        #expect(beeping.isCancelled)
        #expect(store.scheduler.pendingWorkCount == 0)
        store.advance(by: .seconds(5))
        #expect(store.receivedActions == [])
        await beeping.finish()
        await store.finish()
    }

    @Test("cancel ends an Effect.run asleep on the test clock: its task has ended on return")
    func cancelASleepingTask() async {
        let (store, _) = makeStore()
        let ticking = await store.send(.tickLater)   // an Effect.run asleep on the test clock
        ticking.cancel()
        #expect(store.scheduler.pendingWorkCount == 0)
        #expect(store.scheduler.awakeTaskCount == 0)
        store.advance(by: .seconds(5))
        #expect(store.receivedActions == [])
        await store.finish()
    }

    @Test(
        "cancel ends an Effect.run that waits outside the scheduler; what it would send is dropped")
    func cancelAListeningTask() async {
        let (store, feed) = makeStore()
        let listening = await store.send(.listen)
        feed.yield(1)
        await store.receive(.heard(1)) { $0.heard = [1] }
        #expect(store.scheduler.awakeTaskCount == 1)
        listening.cancel()
        #expect(listening.isCancelled)
        #expect(store.scheduler.awakeTaskCount == 0)
        feed.yield(2)
        #expect(store.receivedActions == [])
        await store.finish()
    }

    @Test("a test ends long-living work as the view that started it would, by cancelling its task")
    func cancelAsAViewWould() async {
        let (store, feed) = makeStore()
        let listening = await store.send(.listen)
        feed.yield(1)
        await store.receive(.heard(1)) { $0.heard = [1] }
        listening.cancel()   // the view that listened went away
        await store.finish()
    }

    @Test("cancel ends the work of its own send only")
    func cancelOneSend() async {
        let (store, _) = makeStore()
        let first = await store.send(.beepLater)
        let second = await store.send(.beepLater)
        first.cancel()
        #expect(!second.isCancelled)
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await second.finish()
        await store.finish()
    }

    @Test("a synchronous test cancels the task its send returns")
    func cancelFromASynchronousTest() {
        let (store, _) = makeStore()
        let ticking = store.send(.tickLater)
        ticking.cancel()
        store.advance(by: .seconds(1))
        store.finish()
    }

    @Test("two tasks are equal when they stand for the same send")
    func equality() async {
        let (store, _) = makeStore()
        let first = await store.send(.beep) { $0.beeps = 1 }
        let second = await store.send(.beep) { $0.beeps = 2 }
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, second, first]).count == 2)
        await store.finish()
    }

    // MARK: receive

    @Test("receive fails at once when all that is left is a delay nobody advances")
    func receiveBeforeADelayFails() async {
        let (store, _) = makeStore()
        store.timeout = .seconds(3600)
        await store.send(.beepLater)
        await withKnownIssue {
            await store.receive(.beep) { $0.beeps = 1 }
        } matching: { recorded in
            issue(
                recorded,
                mentions:
                    "Expected to receive beep, but no action was received "
                    + "(effects are still running: advance the scheduler?)")
                && !issue(recorded, mentions: "within")
        }
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await store.finish()
    }

    @Test("receive fails at once when all that is left is async work asleep on the test clock")
    func receiveBeforeASleepFails() async {
        let (store, _) = makeStore()
        await store.send(.tickLater)
        await withKnownIssue {
            await store.receive(.beep, timeout: .seconds(3600)) { $0.beeps = 1 }
        } matching: { recorded in
            issue(recorded, mentions: "Expected to receive beep, but no action was received")
                && !issue(recorded, mentions: "within")
        }
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await store.finish()
    }

    @Test("receive fails at once when the only task waits for child tasks asleep on the test clock")
    func receiveBeforeChildSleepsFails() async {
        let (store, _) = makeStore()
        store.timeout = .seconds(3600)
        await store.send(.tickTwiceAtOnce)
        await withKnownIssue {
            await store.receive(.beep) { $0.beeps = 1 }
        } matching: { recorded in
            issue(recorded, mentions: "Expected to receive beep, but no action was received")
                && !issue(recorded, mentions: "within")
        }
        store.advance(by: .seconds(1))
        #expect(store.receivedActions == [])
        store.advance(by: .seconds(1))
        await store.receive(.beep) { $0.beeps = 1 }
        await store.finish()
    }

    @Test("receive waits for async work outside the scheduler, however it is resumed")
    func receiveWaitsForWorkAway() async {
        let (store, feed) = makeStore()
        let listening = await store.send(.listen)
        let feeding = Task { feed.yield(3) }
        await store.receive(.heard(3), timeout: .seconds(30)) { $0.heard = [3] }
        _ = await feeding.value
        listening.cancel()
        await store.finish()
    }

    @Test(
        "receive fails once its timeout has passed while async work outside the scheduler goes on")
    func receiveTimesOutOnWorkAway() async {
        let (store, _) = makeStore()
        let listening = await store.send(.listen)
        await withKnownIssue {
            await store.receive(.heard(1), timeout: .zero)
        } matching: { recorded in
            issue(
                recorded,
                mentions:
                    "Expected to receive heard(1), but no action was received within 0.0 seconds")
        }
        listening.cancel()
        await store.finish()
    }
}

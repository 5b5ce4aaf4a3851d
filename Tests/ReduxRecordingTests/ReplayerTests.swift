import Effects
import Redux
import ReduxRecording
import Testing

@Suite struct ReplayerTests {
    @Test("a recorded session replays, with the reducer alone, to the same state")
    func replaysToTheSameState() throws {
        let scheduler = TestScheduler()
        let lines = LineBuffer()
        let live = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(to: lines, scheduler: scheduler)],
            middlewares: [addLater(scheduler: scheduler)]
        )
        live.dispatch(.add(1))
        live.dispatch(.addLater(10))
        scheduler.advance(by: .milliseconds(300))
        live.dispatch(.addLater(20))
        scheduler.advance(by: .seconds(2))
        live.dispatch(.add(3))

        let recording = try Recording<CounterAction>(jsonLines: lines.text)
        let replayed = Replayer(initial: Counter(), reducer: counterReducer).replay(recording)
        #expect(replayed == live.state)
        #expect(replayed.history == [1, 10, 20, 3])
    }

    @Test("each action is dispatched once the clock reaches its time")
    func dispatchesAtRecordedTimes() {
        let scheduler = TestScheduler()
        let store = Store(initial: Counter(), mutatingReducer: counterReducer)
        let seen = Lock<[Duration]>([])
        let token = store.subscribe(to: \.total) { _ in seen.withLock { $0.append(scheduler.now) } }
        Replayer<Counter, CounterAction>.dispatch(
            [
                RecordedAction(time: .milliseconds(250), action: .add(1)),
                RecordedAction(time: .seconds(2), action: .add(1)),
                RecordedAction(time: .seconds(2), action: .add(1)),
            ],
            into: store,
            on: scheduler
        )
        #expect(seen.withLock { $0 } == [.zero, .milliseconds(250), .seconds(2), .seconds(2)])
        #expect(scheduler.now == .seconds(2))
        token.cancel()
    }

    @Test("a pure reducer replays too")
    func pureReducer() {
        let replayer = Replayer<Int, CounterAction>(initial: 0) { total, action in
            if case .add(let amount) = action { return total + amount }
            return total
        }
        let final = replayer.replay([
            RecordedAction(time: .zero, action: .add(2)),
            RecordedAction(time: .seconds(1), action: .add(5)),
        ])
        #expect(final == 7)
    }
}

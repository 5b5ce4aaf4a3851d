import Effects
import Redux
import ReduxRecording
import Testing

@Suite struct RecordingInterceptorTests {
    @Test("records every action, effects' actions included, with the scheduler's time")
    func recordsEveryAction() throws {
        let scheduler = TestScheduler()
        let lines = LineBuffer()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(to: lines, scheduler: scheduler)],
            middlewares: [addLater(scheduler: scheduler)]
        )
        store.dispatch(.add(1))
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.addLater(2))
        scheduler.advance(by: .seconds(1))

        #expect(
            lines.lines == [
                #"{"action":{"add":{"_0":1}},"nanoseconds":0}"#,
                #"{"action":{"addLater":{"_0":2}},"nanoseconds":500000000}"#,
                #"{"action":{"add":{"_0":2}},"nanoseconds":1500000000}"#,
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("its lines parse back into the actions, in order, at their times")
    func linesParseBack() throws {
        let scheduler = TestScheduler()
        let lines = LineBuffer()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(to: lines, scheduler: scheduler)]
        )
        store.dispatch(.add(5))
        scheduler.advance(by: .seconds(2))
        store.dispatch(.reset)

        let recording = try Recording<CounterAction>(jsonLines: lines.text)
        #expect(
            recording.entries == [
                RecordedAction(time: .zero, action: .add(5)),
                RecordedAction(time: .seconds(2), action: .reset),
            ])
        #expect(recording.tornLastLine == nil)
    }

    @Test("an action that cannot be encoded is reported, skipped in the log, and still reduced")
    func unencodableAction() {
        let errors = Lock(0)
        let lines = LineBuffer()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [
                .recording(
                    to: lines, scheduler: TestScheduler(),
                    onError: { _ in errors.withLock { $0 += 1 } }
                )
            ]
        )
        store.dispatch(.measure(.nan))
        store.dispatch(.add(1))

        #expect(errors.withLock { $0 } == 1)
        #expect(lines.lines == [#"{"action":{"add":{"_0":1}},"nanoseconds":0}"#])
        #expect(store.state.total == 1)
    }

    @Test("the closure form hands each line to the closure")
    func closureSink() {
        let lines = LineBuffer()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(scheduler: TestScheduler(), write: { lines.write(line: $0) })]
        )
        store.dispatch(.reset)
        #expect(lines.lines == [#"{"action":{"reset":{}},"nanoseconds":0}"#])
    }
}

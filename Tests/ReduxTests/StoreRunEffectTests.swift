import Effects
import Redux
import Testing

/// An `Effect.run` in a store, on virtual time: its task is cancelled by every way of cancelling
/// an effect, and whatever it sends after its cancellation is dropped.
@Suite struct StoreRunEffectTests {
    enum Action: Equatable, Sendable {
        case start
        case stop
        case early
        case late
    }

    /// What reached the reducer, and what the task saw when its sleep ended.
    struct Probe: Sendable {
        let reduced = EventLog<Action>()
        let sawCancellation = EventLog<Bool>()
    }

    /// A store whose `start` runs a task that sends `early`, sleeps an hour on the scheduler's
    /// clock, then sends `late` whatever happened to it; `stop` cancels it by id.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private func makeStore(_ scheduler: TestScheduler, _ probe: Probe) -> Store<Int, Action> {
        Store(
            initial: 0,
            mutatingReducer: { _, action in probe.reduced.append(action) },
            middlewares: [
                { _, action in
                    switch action {
                    case .start:
                        Effect.run { send in
                            await send(.early)
                            try? await scheduler.clock.sleep(for: .seconds(3600))
                            probe.sawCancellation.append(Task.isCancelled)
                            await send(.late)
                        }
                        .cancellable(id: "work")
                    case .stop:
                        .cancel(id: "work")
                    default:
                        .none
                    }
                }
            ],
            taskExecutor: .preferring(scheduler)
        )
    }

    @Test("uncancelled, the task sends early, sleeps the hour, and sends late")
    func runsToTheEnd() {
        let scheduler = TestScheduler(), probe = Probe()
        let store = makeStore(scheduler, probe)
        store.dispatch(.start)
        scheduler.advance(by: .seconds(3599))
        #expect(probe.reduced.entries == [.start, .early])
        scheduler.advance(by: .seconds(1))
        #expect(probe.reduced.entries == [.start, .early, .late])
        #expect(probe.sawCancellation.entries == [false])
        #expect(store.runningEffectCount == 0)
    }

    @Test(
        ".cancel(id:) cancels the task: its sleep ends at once, what it sends afterwards is dropped"
    )
    func cancelledByID() {
        let scheduler = TestScheduler(), probe = Probe()
        let store = makeStore(scheduler, probe)
        store.dispatch(.start)
        scheduler.runReadyTasks()
        store.dispatch(.stop)
        #expect(store.runningEffectCount == 0)
        scheduler.runReadyTasks()
        #expect(probe.sawCancellation.entries == [true])
        #expect(probe.reduced.entries == [.start, .early, .stop])
        #expect(scheduler.pendingWorkCount == 0)
        #expect(scheduler.now == .zero)
    }

    @Test("releasing the store cancels the task; what it sends afterwards is dropped")
    func cancelledByRelease() {
        let scheduler = TestScheduler(), probe = Probe()
        var store: Store<Int, Action>? = makeStore(scheduler, probe)
        store?.dispatch(.start)
        scheduler.runReadyTasks()
        store = nil
        scheduler.runReadyTasks()
        #expect(probe.sawCancellation.entries == [true])
        #expect(probe.reduced.entries == [.start, .early])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("StoreTask.cancel() cancels the task; what it sends afterwards is dropped")
    func cancelledByItsStoreTask() {
        let scheduler = TestScheduler(), probe = Probe()
        let store = makeStore(scheduler, probe)
        let task = store.send(.start)
        scheduler.runReadyTasks()
        task.cancel()
        #expect(store.runningEffectCount == 0)
        scheduler.runReadyTasks()
        #expect(probe.sawCancellation.entries == [true])
        #expect(probe.reduced.entries == [.start, .early])
        #expect(scheduler.pendingWorkCount == 0)
        #expect(store.effectContext.idCount == 0)
    }
}

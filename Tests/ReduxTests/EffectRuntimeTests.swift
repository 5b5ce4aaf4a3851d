import Effects
import Redux
import Testing

/// The effect runtime's rules, stated once and checked for every shape an effect can take:
/// however an effect is wrapped, its cancellation id keeps working, it arrives exactly when
/// due, and nothing of it is kept once it has ended.
@Suite struct EffectRuntimeTests {
    enum Action: Equatable, Sendable {
        case start
        case stop
        case tick
        case tock
        case done
    }

    struct Log: Equatable, Sendable {
        var received: [Action] = []
    }

    /// One way of wrapping an effect, and what a store then receives from the wrapped tick.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let wrap: @Sendable (Effect<Action>, TestScheduler) -> Effect<Action>
        /// What arrives when the effect runs to its end.
        let whenRun: [Action]
        /// What arrives when the inner effect is cancelled by id before it is due.
        let whenCancelled: [Action]

        var testDescription: String { name }
    }

    /// The inner effect, marked with the id: a delayed action (the runtime's one-object path),
    /// a delayed publisher (the general relay), or async work sleeping on the scheduler's clock
    /// (a task the store runs on the scheduler).
    enum Inner: String, CaseIterable, Sendable {
        case delayedAction
        case delayedPublisher
        case asyncWork

        func effect(on scheduler: TestScheduler) -> Effect<Action> {
            switch self {
            case .delayedAction:
                Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler).cancellable(
                    id: "timer")
            case .delayedPublisher:
                Effect([Action.tick].publisher).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer")
            case .asyncWork:
                Effect.run { send in
                    do {
                        try await scheduler.clock.sleep(for: .seconds(1))
                        await send(.tick)
                    } catch {}
                }
                .cancellable(id: "timer")
            }
        }
    }

    static let shapes: [Shape] = [
        Shape(name: "as is", wrap: { effect, _ in effect }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "Effect.map", wrap: { effect, _ in effect.map { $0 == .tick ? .tock : $0 } },
            whenRun: [.tock], whenCancelled: []),
        Shape(
            name: "filter", wrap: { effect, _ in effect.filter { _ in true }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "Effect.compactMap",
            wrap: { effect, _ in effect.compactMap { $0 == .tick ? .tock : nil } },
            whenRun: [.tock], whenCancelled: []),
        Shape(
            name: "publisher compactMap",
            wrap: { effect, _ in
                Publishers.CompactMap(upstream: effect, transform: { $0 }).eraseToEffect()
            },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "publisher map",
            wrap: { effect, _ in effect.eraseToAnyPublisher().map { $0 }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "append", wrap: { effect, _ in effect.append(Just(.done)).eraseToEffect() },
            whenRun: [.tick, .done], whenCancelled: [.done]),
        Shape(
            name: "concatenate", wrap: { effect, _ in .concatenate(effect, .just(.done)) },
            whenRun: [.tick, .done], whenCancelled: [.done]),
        Shape(
            name: "merge", wrap: { effect, _ in .merge(effect, Effect([Action.done].publisher)) },
            whenRun: [.done, .tick], whenCancelled: [.done]),
        Shape(
            name: "publisher merge",
            wrap: { effect, _ in effect.merge(with: Empty()).eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "receive(on: ImmediateScheduler)",
            wrap: { effect, _ in effect.receive(on: ImmediateScheduler()) }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "receive(on: TestScheduler)",
            wrap: { effect, scheduler in effect.receive(on: scheduler) }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "delayed again",
            wrap: { effect, scheduler in effect.delay(for: .zero, scheduler: scheduler) },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "Deferred", wrap: { effect, _ in Deferred { effect }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "AnyPublisher",
            wrap: { effect, _ in effect.eraseToAnyPublisher().eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "another id around it", wrap: { effect, _ in effect.cancellable(id: "outer") },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "removeDuplicates",
            wrap: { effect, _ in effect.removeDuplicates().eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "scan",
            wrap: { effect, _ in effect.scan(Action.done) { _, action in action }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "prefix", wrap: { effect, _ in effect.prefix(1).eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "first", wrap: { effect, _ in effect.first().eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "first(where:)",
            wrap: { effect, _ in effect.first { $0 == .tick }.eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "collect",
            wrap: { effect, _ in effect.collect().map { $0.last ?? .done }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: [.done]),
        Shape(
            name: "handleEvents",
            wrap: { effect, _ in effect.handleEvents(receiveOutput: { _ in }).eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "replaceEmpty",
            wrap: { effect, _ in effect.replaceEmpty(with: .done).eraseToEffect() },
            whenRun: [.tick], whenCancelled: [.done]),
        Shape(
            name: "flatMap",
            wrap: { effect, _ in Just(Action.start).flatMap { _ in effect }.eraseToEffect() },
            whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "switchToLatest",
            wrap: { effect, _ in Just(effect).switchToLatest().eraseToEffect() }, whenRun: [.tick],
            whenCancelled: []),
        Shape(
            name: "combineLatest",
            wrap: { effect, _ in
                effect.combineLatest(Just(Action.done)) { action, _ in action }.eraseToEffect()
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "zip",
            wrap: { effect, _ in
                effect.zip(Just(Action.done)) { action, _ in action }.eraseToEffect()
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "debounce",
            wrap: { effect, scheduler in
                effect.debounce(for: .zero, scheduler: scheduler).eraseToEffect()
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "throttle",
            wrap: { effect, scheduler in
                effect.throttle(for: .seconds(5), scheduler: scheduler, latest: true)
                    .eraseToEffect()
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "timeout",
            wrap: { effect, scheduler in
                effect.timeout(.seconds(10), scheduler: scheduler).eraseToEffect()
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "Effect.debounce(id:)",
            wrap: { effect, scheduler in
                effect.debounce(id: "debounce", for: .zero, scheduler: scheduler)
            }, whenRun: [.tick], whenCancelled: []),
        Shape(
            name: "Effect.throttle(id:)",
            wrap: { effect, scheduler in
                effect.throttle(
                    id: "throttle", for: .seconds(5), scheduler: scheduler, latest: true)
            }, whenRun: [.tick], whenCancelled: []),
    ]

    static let cases: [(Shape, Inner)] = shapes.flatMap { shape in
        Inner.allCases.map { (shape, $0) }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private func makeStore(_ shape: Shape, _ inner: Inner, scheduler: TestScheduler) -> Store<
        Log, Action
    > {
        let wrapped = shape.wrap(inner.effect(on: scheduler), scheduler)
        return Store(
            initial: Log(),
            mutatingReducer: { log, action in
                if action != .start && action != .stop { log.received.append(action) }
            },
            middlewares: [
                { _, action in
                    switch action {
                    case .start: wrapped
                    case .stop: .cancel(id: "timer")
                    default: .none
                    }
                }
            ],
            taskExecutor: .preferring(scheduler)
        )
    }

    @Test("arrives exactly when due, then leaves nothing behind", arguments: cases)
    func arrivesWhenDue(_ shape: Shape, _ inner: Inner) {
        let scheduler = TestScheduler()
        let store = makeStore(shape, inner, scheduler: scheduler)
        store.dispatch(.start)
        scheduler.advance(by: .milliseconds(999))
        #expect(!store.state.received.contains(.tick) && !store.state.received.contains(.tock))
        scheduler.advance(by: .milliseconds(1))
        #expect(store.state.received == shape.whenRun)
        scheduler.run()
        #expect(store.state.received == shape.whenRun, "nothing arrives twice")
        #expect(store.runningEffectCount == 0)
        #expect(store.effectContext.idCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancel(id:) stops it wherever the id sits in the chain", arguments: cases)
    func cancelledByID(_ shape: Shape, _ inner: Inner) {
        let scheduler = TestScheduler()
        let store = makeStore(shape, inner, scheduler: scheduler)
        store.dispatch(.start)
        scheduler.advance(by: .milliseconds(500))
        store.dispatch(.stop)
        scheduler.advance(by: .seconds(2))
        #expect(store.state.received == shape.whenCancelled)
        #expect(store.runningEffectCount == 0)
        #expect(store.effectContext.idCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("releasing the store cancels it and releases its scheduled work", arguments: cases)
    func releasedWithTheStore(_ shape: Shape, _ inner: Inner) {
        let scheduler = TestScheduler()
        var store: Store<Log, Action>? = makeStore(shape, inner, scheduler: scheduler)
        weak let released = store
        store?.dispatch(.start)
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount > 0)
        store = nil
        #expect(released == nil)
        // A cancelled task ends when the scheduler next runs it.
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "ids are kept only while an effect marked with them runs: 100,000 distinct ids leave none")
    func distinctIDsLeaveNothing() {
        let scheduler = TestScheduler()
        let store = Store<Log, Int>(
            initial: Log(),
            mutatingReducer: { _, _ in },
            middlewares: [
                { _, request in
                    request >= 0
                        ? Effect.just(-1).delay(for: .seconds(1), scheduler: scheduler).cancellable(
                            id: request)
                        : .none
                }
            ]
        )
        for request in 0..<100_000 {
            store.dispatch(request)
        }
        #expect(store.effectContext.idCount == 100_000)
        #expect(store.runningEffectCount == 100_000)
        scheduler.advance(by: .seconds(1))
        #expect(store.effectContext.idCount == 0)
        #expect(store.effectContext.registeredCount == 0)
        #expect(store.runningEffectCount == 0)
    }

    /// A store that logs each `.tick` it reduces and answers every action with `effect`'s.
    private func tickingStore(_ effect: @escaping @Sendable (Action) -> Effect<Action>) -> Store<
        Log, Action
    > {
        Store(
            initial: Log(),
            mutatingReducer: { log, action in if action == .tick { log.received.append(action) } },
            middlewares: [{ _, action in effect(action) }]
        )
    }

    @Test(
        "a delayed action under an id counts as running until it arrives, is replaced in flight, or is cancelled with the other members of its id"
    )
    func identifiedRootsCountAsRunning() {
        let scheduler = TestScheduler()
        let store = tickingStore { action in
            switch action {
            case .start:
                // A root kept under its id: the one delayed value the store runs itself.
                Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer", cancelInFlight: true)
            case .tock:
                // A part under the same id, inside a root of its own.
                Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer").map { $0 }
            case .stop: .cancel(id: "timer")
            default: .none
            }
        }
        store.dispatch(.start)
        #expect(store.runningEffectCount == 1)
        store.dispatch(.start)
        #expect(store.runningEffectCount == 1, "the second replaced the first in flight")
        scheduler.advance(by: .seconds(1))
        #expect(store.state.received == [.tick])
        #expect(store.runningEffectCount == 0)

        store.dispatch(.start)
        store.dispatch(.tock)
        #expect(store.runningEffectCount == 2)
        #expect(store.effectContext.registeredCount == 2)
        store.dispatch(.stop)
        #expect(store.runningEffectCount == 0)
        #expect(store.effectContext.idCount == 0)
        scheduler.run()
        #expect(store.state.received == [.tick], "nothing cancelled arrives")
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "an id marking several running effects cancels them all, and is dropped when the last ends")
    func sharedIDGroup() {
        let scheduler = TestScheduler()
        let store = tickingStore { action in
            switch action {
            case .start:
                Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "timer")
            case .stop: .cancel(id: "timer")
            default: .none
            }
        }
        store.dispatch(.start)
        store.dispatch(.start)
        store.dispatch(.start)
        #expect(store.effectContext.idCount == 1)
        #expect(store.effectContext.registeredCount == 3)
        store.dispatch(.stop)
        #expect(store.effectContext.idCount == 0)
        #expect(store.runningEffectCount == 0)
        scheduler.run()
        #expect(store.state.received.isEmpty)
    }
}

import Effects
import Redux
import TestSupport
import Testing

@Suite struct StoreThunkTests {
    @Test("a thunk reads the state before it decides, and its effect reads it again later")
    func thunkReadsTheState() {
        let scheduler = TestScheduler()
        let store = Store(initial: Counter(), reducer: counterReducer)
        store.dispatch(.add(2))
        store.run { getState in
            // Doubles the count a second later, as it will be then.
            guard getState().count > 0 else { return .none }
            return Just(())
                .delay(for: .seconds(1), scheduler: scheduler)
                .map { CounterAction.add(getState().count) }
                .eraseToEffect()
        }
        store.dispatch(.add(3))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 10)
        #expect(store.runningEffectCount == 0)
    }

    @Test("a thunk that decides to do nothing runs nothing")
    func thunkDoesNothing() {
        let store = Store(initial: Counter(), reducer: counterReducer)
        store.run { getState in getState().count > 0 ? .just(.reset) : .none }
        #expect(store.state.count == 0)
        #expect(store.runningEffectCount == 0)
    }

    @Test("getState does not keep the store alive; releasing the store cancels the thunk's effect")
    func getStateKeepsNoStore() {
        let scheduler = TestScheduler()
        var store: Store<Counter, CounterAction>? = Store(
            initial: Counter(), reducer: counterReducer)
        let released = WeakReference(store!)
        store!.run { getState in
            Just(())
                .delay(for: .seconds(1), scheduler: scheduler)
                .map { CounterAction.add(getState().count) }
                .eraseToEffect()
        }
        store = nil
        #expect(released.isReleased)
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("the documented thunk brews only when nothing steeps")
    func documentedThunk() {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let store = Store(
            initial: TeaTimer(), mutatingReducer: teaReducer, taskExecutor: .preferring(scheduler))
        store.dispatch(.steep(seconds: 60))
        store.run { getState in
            guard !getState().isSteeping else { return .none }   // one pot at a time
            return brew(seconds: 180, boilingFor: .seconds(90), clock: clock)
        }
        #expect(store.runningEffectCount == 0)
        store.dispatch(.stop)
        store.run { getState in
            guard !getState().isSteeping else { return .none }   // one pot at a time
            return brew(seconds: 180, boilingFor: .seconds(90), clock: clock)
        }
        scheduler.advance(by: .seconds(90))
        #expect(store.state == TeaTimer(secondsLeft: 180, isSteeping: true))
        #expect(store.runningEffectCount == 0)
    }
}

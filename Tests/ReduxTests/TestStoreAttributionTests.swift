import Dispatch
import Effects
import Redux
import ReduxTesting
import Testing

/// `TestStore.send` asserts the state its own action led to, whichever thread reduces it.
///
/// The race is made certain, not likely: an effect on a Dispatch queue keeps the store busy,
/// sending itself one more `spin` after each, until it sees that the test's `ping` has been
/// reduced. So the test's `send(.ping)` always finds that thread draining: its action is queued
/// behind the spins, and reduced by that thread, after `dispatch` has returned. The effect waits
/// for the test's go before its first spin, so that the spinning starts on its own thread, not
/// on the test's while it finishes sending `startSpinning`.
@Suite struct TestStoreAttributionTests {
    struct Chain: Equatable, Sendable {
        var pinged = false
    }

    enum Action: Equatable, Sendable {
        case startSpinning
        case spin(Int)
        case ping
    }

    /// The effect of `startSpinning` waits for `go`; `spinning` is signalled once its thread is
    /// draining the spins.
    static func makeStore(go: DispatchSemaphore, spinning: DispatchSemaphore) -> TestStore<
        Chain, Action
    > {
        let queue = DispatchQueueScheduler(queue: DispatchQueue(label: "TestStoreAttributionTests"))
        return TestStore(
            initial: Chain(),
            mutatingReducer: { chain, action in
                if action == .ping { chain.pinged = true }
            },
            middlewares: [
                { chain, action in
                    switch action {
                    case .startSpinning:
                        return Effect(
                            Just(()).receive(on: queue).map { _ -> Action in
                                go.wait()
                                return .spin(0)
                            })
                    case .spin(let count):
                        if count == 1 { spinning.signal() }
                        return chain.pinged ? .none : .just(.spin(count + 1))
                    case .ping:
                        return .none
                    }
                }
            ]
        )
    }

    @Test(
        "send asserts its own action while an effect's thread is draining", .timeLimit(.minutes(1)))
    func sendWhileAnotherThreadDrains() async {
        let go = DispatchSemaphore(value: 0), spinning = DispatchSemaphore(value: 0)
        let store = Self.makeStore(go: go, spinning: spinning)
        // The spins are not the point: they come and go while the test sends.
        store.exhaustivity = .off
        Self.sendSynchronously(.startSpinning, to: store)
        go.signal()
        // Waited for off the cooperative pool, which the test's own thread belongs to.
        #expect(await wait(for: spinning))
        Self.sendSynchronously(.ping, to: store) { $0.pinged = true }
        #expect(store.state == Chain(pinged: true))
        await store.finish()
    }

    /// The blocking `send`, called from the async test (where `send` alone would mean the
    /// suspending one). It waits only for the spinning Dispatch thread, never for the pool.
    static func sendSynchronously(
        _ action: Action, to store: TestStore<Chain, Action>,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: ((inout Chain) throws -> Void)? = nil
    ) {
        store.send(action, sourceLocation: sourceLocation, update)
    }

    @Test(
        "await send asserts its own action while an effect's thread is draining",
        .timeLimit(.minutes(1)))
    func awaitSendWhileAnotherThreadDrains() async {
        let (spins, spin) = AsyncStream<Void>.makeStream()
        let go = DispatchSemaphore(value: 0), spinning = DispatchSemaphore(value: 0)
        let store = Self.makeStore(go: go, spinning: spinning)
        store.exhaustivity = .off
        await store.send(.startSpinning)
        go.signal()
        onAnotherThread {
            spinning.wait()
            spin.finish()
        }
        for await _ in spins {}
        await store.send(.ping) { $0.pinged = true }
        #expect(store.state == Chain(pinged: true))
        await store.finish()
    }
}

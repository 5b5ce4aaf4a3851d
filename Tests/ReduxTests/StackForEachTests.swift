import Effects
import Redux
import ReduxTesting
import Testing

private func makeStore(_ initial: Navigation = Navigation()) -> TestStore<
    Navigation, NavigationAction
> {
    let scheduler = TestScheduler()
    return TestStore(
        initial: initial, mutatingReducer: navigationReducer, scheduler: scheduler,
        middlewares: navigationMiddlewares(scheduler))
}

/// Two screens, #0 and #1, on the main stack, each ticking, one second in.
private func twoTickingScreens(_ store: TestStore<Navigation, NavigationAction>) {
    store.send(.path(.push(NavScreen(name: "a")))) { $0.path.append(NavScreen(name: "a")) }
    store.send(.path(.push(NavScreen(name: "b")))) { $0.path.append(NavScreen(name: "b")) }
    store.send(.path(.element(id: 0, action: .start)))
    store.send(.path(.element(id: 1, action: .start)))
    store.advance(by: .seconds(1))
    store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
    store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.seconds = 1 }
}

/// A stack of screens lifted with `forEach(_:stack:action:)`: pushes, pops, and every screen's
/// effects ending when it leaves the stack, however it leaves.
@Suite struct StackForEachTests {
    @Test("pushed screens get the ids 0, 1, 2, ... and a popped id is never given again")
    func idsAreNeverReused() {
        let store = makeStore()
        store.send(.path(.push(NavScreen(name: "a")))) { $0.path.append(NavScreen(name: "a")) }
        store.send(.path(.push(NavScreen(name: "b")))) { $0.path.append(NavScreen(name: "b")) }
        store.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        store.send(.path(.push(NavScreen(name: "c")))) { $0.path.append(NavScreen(name: "c")) }
        #expect(store.state.path.ids == [0, 2])
        #expect(store.state.path.map(\.name) == ["a", "c"])
        store.finish()
    }

    @Test("a screen's timer ticks while it is on the stack, and stops when it is popped")
    func popEndsTheScreensEffects() {
        let store = makeStore()
        twoTickingScreens(store)
        store.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        store.advance(by: .seconds(1))
        store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 2 }
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("popping from a screen pops the screens above it too, and ends all their effects")
    func popFromEndsTheScreensAbove() {
        let store = makeStore()
        twoTickingScreens(store)
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("back to the root in the parent's reducer ends every screen's effects")
    func popToRootEndsEverything() {
        let store = makeStore()
        twoTickingScreens(store)
        store.send(.popToRoot) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a new stack in place of the old, its ids from 0 again, ends every old screen's effects")
    func rewriteEndsTheOldScreens() {
        let store = makeStore()
        twoTickingScreens(store)
        store.send(.replacePath) { $0.path = StackState([NavScreen(name: "new")]) }
        store.advance(by: .seconds(10))
        // The new stack's #0 is a new screen, with effects of its own.
        store.send(.path(.element(id: 0, action: .start)))
        store.advance(by: .seconds(1))
        store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
        store.send(.popToRoot) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("two stacks of the same screens: popping one leaves the other's screen #0 ticking")
    func stacksAreApart() {
        let store = makeStore()
        store.send(.path(.push(NavScreen()))) { $0.path.append(NavScreen()) }
        store.send(.other(.push(NavScreen()))) { $0.other.append(NavScreen()) }
        store.send(.path(.element(id: 0, action: .start)))
        store.send(.other(.element(id: 0, action: .start)))
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(1))
        store.receive(.other(.element(id: 0, action: .tick))) { $0.other[id: 0]?.seconds = 1 }
        store.send(.other(.popFrom(id: 0))) { $0.other.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    #if DEBUG
    @Test("an action for a popped screen fails the TestStore, naming the screen")
    func actionForAPoppedScreenFails() {
        let store = makeStore()
        store.send(.path(.push(NavScreen()))) { $0.path.append(NavScreen()) }
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        withKnownIssue {
            store.send(.path(.element(id: 0, action: .start)))
        } matching: {
            $0.comments.contains { $0.rawValue.contains("element #0 of") }
        }
        withKnownIssue {
            store.send(.path(.popFrom(id: 0)))
        } matching: {
            $0.comments.contains { $0.rawValue.contains("popFrom(id: #0)") }
        }
        store.finish()
    }
    #endif

    @Test("a screen's store reads its screen, sends its actions, and its effects end with it")
    func scopedScreenStore() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Navigation(), mutatingReducer: navigationReducer,
            middlewares: navigationMiddlewares(scheduler))
        store.dispatch(.path(.push(NavScreen(name: "a"))))
        let screen = store.scope(
            screen: 0, of: \Navigation.path, action: NavigationAction.pathActions)
        screen.dispatch(.start)
        scheduler.advance(by: .seconds(1))
        #expect(screen.state?.seconds == 1)
        screen.run(Effect.just(.tick).delay(for: .milliseconds(500), scheduler: scheduler))
        scheduler.advance(by: .milliseconds(500))
        #expect(screen.state?.seconds == 2)
        screen.run(Effect.just(.tick).delay(for: .milliseconds(100), scheduler: scheduler))
        store.dispatch(.popToRoot)
        #expect(screen.state == nil)
        #expect(scheduler.pendingWorkCount == 0)
    }
}

/// The stack itself, without a store.
@Suite struct StackStateTests {
    @Test("pop(to:) keeps the screen, pop(from:) removes it; an id not there changes nothing")
    func popping() {
        var stack = StackState((1...4).map { NavScreen(name: "\($0)") })
        let poppedTo1 = stack.pop(to: 1)
        #expect(poppedTo1 && stack.ids == [0, 1])
        let poppedTo3 = stack.pop(to: 3)
        #expect(!poppedTo3 && stack.ids == [0, 1])
        let poppedFrom1 = stack.pop(from: 1)
        #expect(poppedFrom1 && stack.ids == [0])
        let poppedFrom1Again = stack.pop(from: 1)
        #expect(!poppedFrom1Again && stack.ids == [0])
        let top = stack.popLast()
        #expect(top == NavScreen(name: "1"))
        let none = stack.popLast()
        #expect(none == nil)
    }

    @Test("a screen is read, changed and popped by id")
    func byID() {
        var stack = StackState([NavScreen(name: "a"), NavScreen(name: "b")])
        stack[id: 1]?.seconds = 3
        #expect(stack[id: 1]?.seconds == 3)
        stack[id: 0] = nil
        #expect(stack.ids == [1])
        stack[id: 0] = NavScreen(name: "gone")
        #expect(stack.ids == [1])
        #expect(stack[id: 5] == nil)
    }

    @Test("two stacks are equal with the same screens under the same ids, and show both")
    func equalityAndDescription() {
        var pushedAndPopped = StackState([NavScreen(name: "a"), NavScreen(name: "b")])
        pushedAndPopped.popLast()
        #expect(pushedAndPopped == StackState([NavScreen(name: "a")]))
        #expect(StackState([NavScreen(name: "a")]) != StackState([NavScreen(name: "b")]))
        var shifted = StackState([NavScreen(name: "x"), NavScreen(name: "a")])
        shifted[id: 0] = nil   // a, as #1
        #expect(shifted != StackState([NavScreen(name: "a")]))
        #expect(
            StackState([NavScreen(name: "a")]).description
                == #"[#0: NavScreen(name: "a", seconds: 0)]"#)
        #expect(Mirror(reflecting: pushedAndPopped).children.map(\.label) == ["#0"])
    }
}

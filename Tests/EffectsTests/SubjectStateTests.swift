@testable import Effects
import Testing

/// `SubjectState`, transition by transition, with plain objects for subscribers: no lock, no
/// thread, no subject.
@Suite struct SubjectStateTests {
    final class Tag: CustomStringConvertible {
        let name: String
        init(_ name: String) { self.name = name }
        var description: String { name }
    }

    typealias State = SubjectState<Int, Tag>

    /// What an action says, as text: `deliver 1 to a`, `greet a`, `finish a`, `none`.
    private func describe(_ action: State.Action) -> String {
        switch action {
        case .none: "none"
        case .release(let tags): "release \(tags.map(\.name).joined(separator: ", "))"
        case .call(let tag, .value(let value)): "deliver \(value) to \(tag)"
        case .call(let tag, .subscription): "greet \(tag)"
        case .call(let tag, .completion): "finish \(tag)"
        }
    }

    /// Attaches `tags` one after the other on an idle subject, delivering each greeting.
    private func attach(_ tags: [Tag], to state: inout State, greeting: Bool = false) {
        for tag in tags {
            guard case .delivery(let action) = state.attach(tag, greetsWithCurrent: greeting)
            else {
                Issue.record("attach on an idle subject must deliver")
                return
            }
            #expect(describe(action) == "greet \(tag)")
            drain(&state)
        }
    }

    /// Plays the deliverer: calls `next()` until the role ends, returning each action.
    @discardableResult
    private func drain(_ state: inout State) -> [String] {
        var steps: [String] = []
        while true {
            let action = state.next()
            if case .none = action { return steps }
            steps.append(describe(action))
            if case .release = action { return steps }
        }
    }

    @Test("a send with no subscriber makes nobody the deliverer")
    func sendToNobody() {
        var state = State(current: nil)
        let action = state.send(1, replacingCurrent: false)
        #expect(describe(action) == "none")
        #expect(state.subscribers.isEmpty)
        #expect(!state.isFinished)
    }

    @Test("a send goes to each subscriber in turn, one step at a time, then the role ends")
    func sendWalksSubscribers() {
        var state = State(current: nil)
        let a = Tag("a"), b = Tag("b")
        attach([a, b], to: &state)
        let action = state.send(1, replacingCurrent: false)
        #expect(describe(action) == "deliver 1 to a")
        #expect(drain(&state) == ["deliver 1 to b"])
        guard case .idle = state.stage else {
            Issue.record("the subject is idle after the delivery")
            return
        }
    }

    @Test("a send while delivering waits, and the deliverer hands it out after the current one")
    func sendWhileDeliveringWaits() {
        var state = State(current: nil)
        let a = Tag("a")
        attach([a], to: &state)
        let action = state.send(1, replacingCurrent: false)
        #expect(describe(action) == "deliver 1 to a")
        let actionAgain = state.send(2, replacingCurrent: false)
        #expect(describe(actionAgain) == "none")
        let actionThird = state.send(3, replacingCurrent: false)
        #expect(describe(actionThird) == "none")
        #expect(drain(&state) == ["deliver 2 to a", "deliver 3 to a"])
    }

    @Test(
        "a subscriber removed during a delivery is skipped, and released by the deliverer once it lets go"
    )
    func removalDuringDelivery() {
        var state = State(current: nil)
        let a = Tag("a"), b = Tag("b"), c = Tag("c")
        attach([a, b, c], to: &state)
        let action = state.send(1, replacingCurrent: false)
        #expect(describe(action) == "deliver 1 to a")
        // a's call cancels a itself (behind the cursor) and c (ahead of it).
        let removed = state.remove(a)
        #expect(removed == nil, "retired: released by the deliverer once its role ends")
        let removedAgain = state.remove(c)
        #expect(removedAgain == nil)
        let removedThird = state.remove(c)
        #expect(removedThird == nil, "a second cancel finds nothing")
        #expect(state.retired.map(\.name) == ["a", "c"])
        #expect(drain(&state) == ["deliver 1 to b", "release a, c"])
        #expect(state.retired.isEmpty)
        #expect(state.subscribers.map(\.name) == ["b"])
    }

    @Test(
        "a subscriber attached while delivering joins in order and is greeted with the value current then"
    )
    func attachWhileDelivering() {
        var state = State(current: 0)
        let a = Tag("a"), late = Tag("late")
        attach([a], to: &state, greeting: true)
        let action = state.send(1, replacingCurrent: true)
        #expect(describe(action) == "deliver 1 to a")
        guard case .delivery(let queued) = state.attach(late, greetsWithCurrent: true) else {
            Issue.record("attach while delivering is queued, not finished")
            return
        }
        #expect(describe(queued) == "none")
        let actionAgain = state.send(2, replacingCurrent: true)
        #expect(describe(actionAgain) == "none")
        #expect(
            drain(&state) == [
                "greet late", "deliver 1 to late", "deliver 2 to a", "deliver 2 to late",
            ])
        #expect(state.current == 2)
    }

    @Test("the greeting follows the subscription unless the subscriber cancelled on it")
    func greetingSkippedAfterCancel() {
        var state = State(current: 5)
        let a = Tag("a")
        guard case .delivery(let action) = state.attach(a, greetsWithCurrent: true) else {
            Issue.record("attach on an idle subject must deliver")
            return
        }
        #expect(describe(action) == "greet a")
        let removed = state.remove(a)
        #expect(removed == nil)
        #expect(drain(&state) == ["release a"])
    }

    @Test("finishing while idle finishes each subscriber in turn, removing it, then ends")
    func finishWhileIdle() {
        var state = State(current: nil)
        let a = Tag("a"), b = Tag("b")
        attach([a, b], to: &state)
        let finishing = state.finish()
        #expect(describe(finishing) == "finish a")
        #expect(state.isFinished)
        let removed = state.remove(b)
        #expect(removed == nil, "b cancels during a's completion")
        #expect(drain(&state) == ["release a, b"])
        #expect(state.subscribers.isEmpty)
        let action = state.send(1, replacingCurrent: false)
        #expect(describe(action) == "none")
        let finishingAgain = state.finish()
        #expect(describe(finishingAgain) == "none")
        guard case .finished = state.attach(Tag("late"), greetsWithCurrent: false) else {
            Issue.record("a subscriber after the completion is finished at once")
            return
        }
    }

    @Test(
        "once finished, the state keeps no subscriber: each was handed back for release, and a late one is never kept"
    )
    func finishedKeepsNothing() {
        var state = State(current: 0)
        weak var weakA: Tag?
        weak var weakLate: Tag?
        do {
            let a = Tag("a")
            weakA = a
            attach([a], to: &state, greeting: true)
            let finishing = state.finish()
            #expect(describe(finishing) == "finish a")
            #expect(drain(&state) == ["release a"])
            let late = Tag("late")
            weakLate = late
            guard case .finished = state.attach(late, greetsWithCurrent: true) else {
                Issue.record("a subscriber after the completion is finished at once")
                return
            }
        }
        #expect(state.subscribers.isEmpty)
        #expect(state.retired.isEmpty)
        #expect(state.waiting.isEmpty)
        #expect(weakA == nil, "a finished subscriber was kept")
        #expect(weakLate == nil, "a late subscriber was kept")
    }

    @Test("finishing while delivering: the waiting events go out first, later sends are dropped")
    func finishWhileDelivering() {
        var state = State(current: 0)
        let a = Tag("a"), late = Tag("late")
        attach([a], to: &state)
        let action = state.send(1, replacingCurrent: true)
        #expect(describe(action) == "deliver 1 to a")
        let actionAgain = state.send(2, replacingCurrent: true)
        #expect(describe(actionAgain) == "none")
        _ = state.attach(late, greetsWithCurrent: false)
        let finishing = state.finish()
        #expect(describe(finishing) == "none")
        #expect(state.isFinished)
        let actionThird = state.send(3, replacingCurrent: true)
        #expect(describe(actionThird) == "none")
        #expect(state.current == 2, "a send after the completion does not replace the value")
        guard case .finished = state.attach(Tag("after"), greetsWithCurrent: false) else {
            Issue.record("a subscriber after finish() is finished at once")
            return
        }
        #expect(
            drain(&state) == [
                "deliver 2 to a", "greet late", "finish a", "finish late", "release a, late",
            ])
        guard case .finished = state.stage else {
            Issue.record("the subject ends finished")
            return
        }
    }
}

extension SubjectStateTests {
    @Test("assigning the current value before the completion is a send that replaces it")
    func assignBeforeFinishing() {
        var state = State(current: 0)
        let a = Tag("a")
        attach([a], to: &state)
        let action = state.assignCurrent(1)
        #expect(describe(action) == "deliver 1 to a")
        #expect(state.current == 1)
        let whileDelivering = state.assignCurrent(2)
        #expect(describe(whileDelivering) == "none", "it waits for the deliverer")
        #expect(state.current == 2)
        #expect(drain(&state) == ["deliver 2 to a"])
    }

    @Test(
        "assigning the current value after finish() replaces it and delivers nothing, in every finished stage"
    )
    func assignAfterFinishing() {
        var state = State(current: 0)
        let a = Tag("a")
        attach([a], to: &state)
        _ = state.send(1, replacingCurrent: true)
        _ = state.finish()
        guard case .finishing = state.stage else {
            Issue.record("finish() during a delivery leaves the completion waiting")
            return
        }
        #expect(describe(state.assignCurrent(2)) == "none")
        #expect(state.current == 2)
        #expect(describe(state.next()) == "finish a")
        guard case .completing = state.stage else {
            Issue.record("the deliverer is handing out the completion")
            return
        }
        #expect(describe(state.assignCurrent(3)) == "none")
        #expect(state.current == 3)
        #expect(drain(&state) == ["release a"])
        guard case .finished = state.stage else {
            Issue.record("the subject ends finished")
            return
        }
        #expect(describe(state.assignCurrent(4)) == "none")
        #expect(state.current == 4)
        #expect(describe(state.send(5, replacingCurrent: true)) == "none")
        #expect(state.current == 4, "a send after the completion does not replace it")
    }

    @Test("a subscriber removed while nobody delivers is handed back at once")
    func removeWhileIdle() {
        var state = State(current: nil)
        let a = Tag("a")
        attach([a], to: &state)
        let removed = state.remove(a)
        #expect(removed === a)
        #expect(state.retired.isEmpty)
        #expect(state.subscribers.isEmpty)
    }
}

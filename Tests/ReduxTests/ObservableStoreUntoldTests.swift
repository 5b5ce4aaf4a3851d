import ConcurrencyTestSupport
import Dispatch
import Observation
import Redux
import Testing

/// A title written by hand as the `@Observable` macro writes it: what the Observation framework
/// does, step by step, for the same reads and writes as an ``ObservableStore``.
private final class PlainBoard: Observable, Sendable {
    let registrar = ObservationRegistrar()
    let storedTitle = TestAtomic("Board")

    var title: String {
        get {
            registrar.access(self, keyPath: \.title)
            return storedTitle.load()
        }
        set {
            registrar.withMutation(of: self, keyPath: \.title) { storedTitle.store(newValue) }
        }
    }
}

/// A view that reads a field and, told of a change, reads it again on its own thread, tracked
/// anew: what SwiftUI does when it draws a view again on the main thread.
private final class RetrackingView: Sendable {
    let model: ObservableStore<Board, BoardAction>
    /// How many times it was told of a change.
    let told = TestAtomic(0)
    /// Told, and not drawn again yet.
    let isDirty = TestAtomic(false)

    init(_ model: ObservableStore<Board, BoardAction>) {
        self.model = model
        track()
    }

    /// Draws the view: reads its field, tracked.
    func track() {
        withObservationTracking {
            _ = model.title
        } onChange: {
            self.told.add(1)
            self.isDirty.store(true)
        }
    }

    /// Draws the view again if it was told of a change since it last drew.
    func redrawIfDirty() {
        if isDirty.exchange(false) { track() }
    }
}

/// No view is ever left untold: a view whose field changed while its body was reading it is told
/// of the next change, as an `@Observable` model tells it.
@Suite struct ObservableStoreUntoldTests {
    @Test(
        "a field changed while the body reads it: the view is told of the next change, as by @Observable"
    )
    func changedDuringTheBody() {
        let plain = PlainBoard()
        let plainTold = TestAtomic(0)
        withObservationTracking {
            _ = plain.title
            plain.title = "during the body"   // before onChange is installed: nobody to tell
        } onChange: {
            plainTold.add(1)
        }
        plain.title = "after"

        let model = ObservableStore(Store(initial: Board(), mutatingReducer: boardReducer))
        let told = TestAtomic(0)
        withObservationTracking {
            _ = model.title
            model.dispatch(.retitle("during the body"))
        } onChange: {
            told.add(1)
        }
        model.dispatch(.retitle("after"))

        #expect(plainTold.load() == 1)
        #expect(told.load() == 1, "told of the change after its body, as the @Observable model")
    }

    @Test(
        "four threads write a field a view re-tracks on its own: after every round it is told again"
    )
    func fourWritersOneRetrackingView() {
        let model = ObservableStore(Store(initial: Board(), mutatingReducer: boardReducer))
        let view = RetrackingView(model)
        var untoldAfter: Int?
        for round in 0..<200 {
            let writersDone = DispatchSemaphore(value: 0)
            for thread in 0..<4 {
                spawn {
                    for write in 0..<50 {
                        model.dispatch(.retitle("\(round).\(thread).\(write)"))
                    }
                    writersDone.signal()
                }
            }
            // The view draws again whenever it is told, while the writers write: a draw may read
            // the field just before a writer changes it.
            var finished = 0
            while finished < 4 {
                view.redrawIfDirty()
                if writersDone.wait(timeout: .now()) == .success { finished += 1 }
            }
            view.redrawIfDirty()
            // Every writer is done and the view has drawn what it was told of: one more change
            // must reach it, whatever it read last.
            let before = view.told.load()
            model.dispatch(.retitle("checked after round \(round)"))
            if view.told.load() == before {
                untoldAfter = round
                break
            }
            view.redrawIfDirty()
        }
        #expect(untoldAfter == nil, "the view was left untold after round \(untoldAfter ?? -1)")
    }
}

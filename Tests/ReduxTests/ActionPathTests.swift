import Redux
import Testing

private enum ParentAction: Equatable, Sendable {
    case counter(CounterAction)
    case row(id: Int, CounterAction)
    case other
}

@Suite struct ActionPathTests {
    @Test("the one-line path of a case embeds with its constructor and finds only that case")
    func oneLineCase() {
        let path = ActionPath(ParentAction.counter) {
            if case .counter(let action) = $0 { action } else { nil }
        }
        #expect(path.embed(.increment) == .counter(.increment))
        #expect(path.extract(.counter(.add(3))) == .add(3))
        #expect(path.extract(.other) == nil)
        #expect(path.extract(.row(id: 1, .increment)) == nil)
    }

    @Test("the one-line path of an element's case takes the constructor of an id and an action")
    func oneLineElementCase() throws {
        let path = ActionPath(ParentAction.row) {
            if case .row(let id, let action) = $0 { (id, action) } else { nil }
        }
        #expect(path.embed((7, .reset)) == .row(id: 7, .reset))
        let (id, action) = try #require(path.extract(.row(id: 4, .decrement)))
        #expect(id == 4)
        #expect(action == .decrement)
        #expect(path.extract(.counter(.decrement)) == nil)
    }
}

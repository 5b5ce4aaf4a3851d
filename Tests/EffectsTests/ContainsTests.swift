import Effects
import Testing

@Suite struct ContainsTests {
    @Test("contains(_:) sends true at once when the value comes, finishes, cancels the upstream")
    func containsFound() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Bool>()
        upstream.contains(2).subscribe(recorder)
        upstream.send(1)
        #expect(recorder.history == [.subscription])
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(true), .finished])
        #expect(upstream.cancellationCount == 1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test("contains(_:) sends false when the upstream finishes without the value")
    func containsNotFound() {
        let notFound = Recorder<Bool>(), empty = Recorder<Bool>()
        [1, 3].publisher.contains(2).subscribe(notFound)
        Empty<Int>().contains(2).subscribe(empty)
        #expect(notFound.history == [.subscription, .value(false), .finished])
        #expect(empty.history == [.subscription, .value(false), .finished])
    }

    @Test("contains(where:) sends true at the first value that satisfies it, else false")
    func containsWhere() {
        let found = Recorder<Bool>(), notFound = Recorder<Bool>()
        [1, 3, 4, 6].publisher.contains { $0.isMultiple(of: 2) }.subscribe(found)
        [1, 3].publisher.contains { $0.isMultiple(of: 2) }.subscribe(notFound)
        #expect(found.history == [.subscription, .value(true), .finished])
        #expect(notFound.history == [.subscription, .value(false), .finished])
    }

    @Test("the upstream is cancelled before the answer goes on")
    func cancelsBeforeAnswer() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Bool> { _, event in
            if event == .value(true) { upstream.send(2) }
        }
        upstream.contains(2).subscribe(recorder)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and no answer arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream(
            { $0.contains { $0 > 5 } }, sending: [1], then: [9])
        #expect(history == [.subscription])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: answers at the tick that satisfies it")
    func timer() {
        let (timeline, pendingWork) = timelineOnTimer(
            { $0.contains { $0 >= .seconds(2) } }, for: .seconds(5))
        #expect(timeline == [.value(true, at: .seconds(2)), .finished(at: .seconds(2))])
        #expect(pendingWork == 0)
    }

    @Test("describe their value and upstream")
    func descriptions() {
        #expect([1].publisher.contains(1).description == "Contains(1, Sequence([1]))")
        #expect([1].publisher.contains { $0 > 0 }.description == "ContainsWhere(Sequence([1]))")
    }
}

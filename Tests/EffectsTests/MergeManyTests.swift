import Effects
import Testing

// merge of two is in MergeTests; these are merge of more than two, variadic or from a sequence.
@Suite struct MergeManyTests {
    @Test("merge(with:_:…) interleaves three or more publishers as their values arrive")
    func variadic() {
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let d = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.merge(with: b, c, d).subscribe(recorder)
        c.send(3)
        a.send(1)
        d.send(4)
        b.send(2)
        #expect(recorder.values == [3, 1, 4, 2])
    }

    @Test("finishes once every upstream has finished")
    func finishesAfterAll() {
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.merge(with: b, c).subscribe(recorder)
        a.finish()
        b.finish()
        #expect(recorder.history == [.subscription])
        c.finish()
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("MergeMany from a sequence that is not an array")
    func fromSequence() {
        let recorder = Recorder<Int>()
        Publishers.MergeMany((1...3).lazy.map { Just($0) }).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test("MergeMany of an empty sequence finishes at once")
    func emptySequence() {
        let recorder = Recorder<Int>()
        Publishers.MergeMany(EmptyCollection<Just<Int>>()).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("a cancel mid-stream cancels every upstream, and nothing arrives after it")
    func cancelMidStream() {
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.merge(with: b, c).subscribe(recorder)
        a.send(1)
        recorder.cancel()
        b.send(2)
        c.finish()
        #expect(recorder.history == [.subscription, .value(1)])
        #expect([a, b, c].map(\.cancellationCount) == [1, 1, 1])
    }

    @Test("on the TestScheduler: delayed publishers' values in time order")
    func delayed() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        let delayed = { (value: Int) in
            Just(value).delay(for: .seconds(value), scheduler: scheduler)
        }
        delayed(3).merge(with: delayed(1), delayed(2)).subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(
            recorder.timeline == [
                .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(3, at: .seconds(3)),
                .finished(at: .seconds(3)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }
}

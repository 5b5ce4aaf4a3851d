import Effects
import Testing

// append of a publisher is Concatenate (ConcatenateTests); these are append of values and of a
// sequence, which are Concatenate with a Sequence publisher as the suffix.
@Suite struct AppendTests {
    @Test("append of values sends them after the upstream's values, then finishes")
    func values() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.append(3, 4).subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .finished,
            ])
    }

    @Test("append of a sequence sends its elements after the upstream finishes, in order")
    func sequence() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.append(stride(from: 10, through: 30, by: 10)).subscribe(recorder)
        upstream.send(1)
        #expect(recorder.history == [.subscription, .value(1)])
        upstream.finish()
        #expect(recorder.values == [1, 10, 20, 30])
        #expect(recorder.history.last == .finished)
    }

    @Test("is Concatenate with a Sequence, as in Combine")
    func type() {
        let appended: Publishers.Concatenate<Just<Int>, Publishers.Sequence<[Int]>> =
            Just(1).append(2, 3)
        #expect(appended.description == "Concatenate(Just(1), Sequence([2, 3]))")
    }

    @Test("an empty upstream gives the appended values alone")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<Int>().append(1).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("a cancel before the upstream finishes: the values are never sent")
    func cancelBeforeAppended() {
        let (history, cancellations) = cancelledMidStream({ $0.append(9) }, sending: [1], then: [2])
        #expect(history == [.subscription, .value(1)])
        #expect(cancellations == 1)
    }

    @Test("a cancel from inside an appended value stops the rest")
    func cancelDuringAppended() {
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(2) { recorder.cancel() }
        }
        Just(1).append(2, 3).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
    }

    @Test("on the TestScheduler: the values come when a delayed upstream finishes")
    func delayedUpstream() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        Just(1).delay(for: .seconds(1), scheduler: scheduler).append(2).subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(
            recorder.timeline == [
                .value(1, at: .seconds(1)), .value(2, at: .seconds(1)), .finished(at: .seconds(1)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }
}

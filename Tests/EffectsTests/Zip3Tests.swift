import Effects
import Testing

@Suite struct Zip3Tests {
    @Test("combines values by position, each waiting for the others' values at its position")
    func combinesByPosition() {
        let numbers = TestSubject<Int>(), letters = TestSubject<String>()
        let marks = TestSubject<Character>()
        let recorder = Recorder<String>()
        numbers.zip(letters, marks) { "\($0)\($1)\($2)" }.subscribe(recorder)

        numbers.send(1)
        numbers.send(2)
        letters.send("A")
        #expect(recorder.values == [])
        marks.send("!")
        letters.send("B")
        marks.send("?")
        numbers.send(3)
        #expect(recorder.values == ["1A!", "2B?"])
    }

    @Test("without a transform, sends tuples in order")
    func tuples() {
        let recorder = Recorder<String>()
        [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher)
            .map { "\($0.0)\($0.1)\($0.2)" }
            .subscribe(recorder)
        #expect(
            recorder.history == [.subscription, .value("1atrue"), .value("2bfalse"), .finished])
    }

    @Test(
        "finishes when a finished upstream has nothing left waiting, and cancels the others, in order"
    )
    func finishesWhenExhausted() {
        let log = EventLog()
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.notingCancel(as: "a", in: log)
            .zip(
                b.notingCancel(as: "b", in: log),
                c.notingCancel(as: "c", in: log)
            ) { $0 + $1 + $2 }
            .subscribe(recorder)

        b.send(10)
        b.send(20)
        b.finish()
        a.send(1)
        c.send(100)
        #expect(recorder.history == [.subscription, .value(111)])
        a.send(2)
        c.send(200)
        #expect(recorder.history == [.subscription, .value(111), .value(222), .finished])
        #expect(log.all == ["a", "c"])
        a.send(3)
        #expect(recorder.values == [111, 222])
    }

    @Test("an upstream that finishes with nothing waiting finishes it at once")
    func finishesAtOnce() {
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.zip(b, c) { $0 + $1 + $2 }.subscribe(recorder)
        a.send(1)
        b.send(2)
        c.finish()
        #expect(recorder.history == [.subscription, .finished])
        #expect(a.cancellationCount == 1)
        #expect(b.cancellationCount == 1)
    }

    @Test("on virtual time, a row goes out when its last value arrives")
    func onVirtualTime() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<String>(clock: scheduler)
        Just(1).delay(for: .seconds(1), scheduler: scheduler)
            .zip(
                Just("a").delay(for: .seconds(3), scheduler: scheduler),
                Just("!").delay(for: .seconds(2), scheduler: scheduler)
            ) { "\($0)\($1)\($2)" }
            .subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timeline == [.value("1a!", at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling cancels every upstream, first to last, and nothing more arrives")
    func cancelCancelsAll() {
        let log = EventLog()
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.notingCancel(as: "a", in: log)
            .zip(
                b.notingCancel(as: "b", in: log),
                c.notingCancel(as: "c", in: log)
            ) { $0 + $1 + $2 }
            .subscribe(recorder)
        a.send(1)
        recorder.cancel()
        #expect(log.all == ["a", "b", "c"])
        b.send(2)
        c.send(3)
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its upstreams")
    func description() {
        #expect(
            Just(1).zip(Just("a"), Just(true)).description == "Zip3(Just(1), Just(a), Just(true))")
    }
}

import Effects
import Testing

@Suite struct ZipTests {
    @Test("pairs values by position, each waiting for its partner")
    func pairsByPosition() {
        let numbers = TestSubject<Int>(), letters = TestSubject<String>()
        let recorder = Recorder<String>()
        numbers.zip(letters) { "\($0)\($1)" }.subscribe(recorder)

        numbers.send(1)
        numbers.send(2)
        letters.send("A")
        numbers.send(3)
        letters.send("B")
        #expect(recorder.values == ["1A", "2B"])
    }

    @Test("finishes when one side has finished and all its values are paired, cancelling the other")
    func finishesWhenExhausted() {
        let numbers = TestSubject<Int>(), letters = TestSubject<String>()
        let recorder = Recorder<String>()
        numbers.zip(letters) { "\($0)\($1)" }.subscribe(recorder)

        numbers.send(1)
        numbers.send(2)
        numbers.finish()
        #expect(recorder.history == [.subscription])
        letters.send("A")
        #expect(recorder.history == [.subscription, .value("1A")])
        letters.send("B")
        #expect(recorder.history == [.subscription, .value("1A"), .value("2B"), .finished])
        #expect(letters.cancellationCount == 1)
    }

    @Test("a side that finishes with nothing waiting finishes it at once")
    func finishesAtOnce() {
        let recorder = Recorder<String>()
        Empty<Int>().zip(Just("A")) { "\($0)\($1)" }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("two synchronous upstreams pair fully")
    func synchronousUpstreams() {
        let recorder = Recorder<String>()
        [1, 2, 3].publisher.zip(["a", "b"].publisher) { "\($0)\($1)" }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("1a"), .value("2b"), .finished])
    }

    @Test("cancelling cancels both upstreams")
    func cancelBoth() {
        let a = TestSubject<Int>(), b = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.zip(b) { $0 + $1 }.subscribe(recorder)
        recorder.cancel()
        #expect(a.cancellationCount == 1)
        #expect(b.cancellationCount == 1)
    }

    @Test("describes its upstreams")
    func description() {
        #expect(Just(1).zip(Just("a")).description == "Zip(Just(1), Just(a))")
    }
}

import Effects
import Testing

@Suite struct Zip4Tests {
    @Test("combines values by position, each waiting for the others' values at its position")
    func combinesByPosition() {
        let a = TestSubject<Int>(), b = TestSubject<String>()
        let c = TestSubject<Character>(), d = TestSubject<Bool>()
        let recorder = Recorder<String>()
        a.zip(b, c, d) { "\($0)\($1)\($2)\($3)" }.subscribe(recorder)

        a.send(1)
        b.send("A")
        c.send("!")
        a.send(2)
        #expect(recorder.values == [])
        d.send(true)
        b.send("B")
        c.send("?")
        d.send(false)
        #expect(recorder.values == ["1A!true", "2B?false"])
    }

    @Test("without a transform, sends tuples in order, and finishes with the shortest upstream")
    func tuples() {
        let recorder = Recorder<String>()
        [1, 2, 3].publisher
            .zip(["a", "b"].publisher, [true, false, true].publisher, [0.5, 1.5, 2.5].publisher)
            .map { "\($0.0)\($0.1)\($0.2)\($0.3)" }
            .subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value("1atrue0.5"), .value("2bfalse1.5"), .finished,
            ])
    }

    @Test(
        "finishes when a finished upstream has nothing left waiting, and cancels the others, in order"
    )
    func finishesWhenExhausted() {
        let log = EventLog()
        let upstreams = (0..<4).map { _ in TestSubject<Int>() }
        let recorder = Recorder<Int>()
        let logged = upstreams.enumerated().map { $1.notingCancel(as: "\($0)", in: log) }
        logged[0].zip(logged[1], logged[2], logged[3]) { $0 + $1 + $2 + $3 }.subscribe(recorder)

        upstreams[2].send(100)
        upstreams[2].finish()
        upstreams[0].send(1)
        upstreams[1].send(10)
        #expect(recorder.history == [.subscription])
        upstreams[3].send(1000)
        #expect(recorder.history == [.subscription, .value(1111), .finished])
        #expect(log.all == ["0", "1", "3"])
    }

    @Test("cancelling cancels every upstream, first to last")
    func cancelCancelsAll() {
        let log = EventLog()
        let upstreams = (0..<4).map { _ in TestSubject<Int>() }
        let recorder = Recorder<Int>()
        let logged = upstreams.enumerated().map { $1.notingCancel(as: "\($0)", in: log) }
        logged[0].zip(logged[1], logged[2], logged[3]) { $0 + $1 + $2 + $3 }.subscribe(recorder)
        recorder.cancel()
        #expect(log.all == ["0", "1", "2", "3"])
        for upstream in upstreams { upstream.send(1) }
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its upstreams")
    func description() {
        #expect(
            Just(1).zip(Just("a"), Just(true), Just(2)).description
                == "Zip4(Just(1), Just(a), Just(true), Just(2))")
    }
}

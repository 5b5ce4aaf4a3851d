import Effects
import Testing

@Suite struct CombineLatestTests {
    struct Pair: Equatable, Sendable {
        let a: Int
        let b: String
    }

    @Test("sends nothing until both have sent, then the latest pair on every value")
    func latestPairs() {
        let a = TestSubject<Int>(), b = TestSubject<String>()
        let recorder = Recorder<Pair>()
        a.combineLatest(b).map { Pair(a: $0.0, b: $0.1) }.subscribe(recorder)

        a.send(1)
        a.send(2)
        #expect(recorder.values == [])
        b.send("x")
        a.send(3)
        b.send("y")
        #expect(recorder.values == [Pair(a: 2, b: "x"), Pair(a: 3, b: "x"), Pair(a: 3, b: "y")])
    }

    @Test("finishes once both have finished; one finished keeps its last value for the other's")
    func finishesAfterBoth() {
        let a = TestSubject<Int>(), b = TestSubject<String>()
        let recorder = Recorder<String>()
        a.combineLatest(b) { "\($0)\($1)" }.subscribe(recorder)
        a.send(1)
        a.finish()
        b.send("x")
        b.send("y")
        #expect(recorder.history == [.subscription, .value("1x"), .value("1y")])
        b.finish()
        #expect(recorder.history == [.subscription, .value("1x"), .value("1y"), .finished])
    }

    @Test("two synchronous upstreams: the second's values pair with the first's last")
    func synchronousUpstreams() {
        let recorder = Recorder<String>()
        [1, 2].publisher.combineLatest(["a", "b"].publisher) { "\($0)\($1)" }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("2a"), .value("2b"), .finished])
    }

    @Test("cancelling cancels both upstreams")
    func cancelBoth() {
        let a = TestSubject<Int>(), b = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
        recorder.cancel()
        #expect(a.cancellationCount == 1)
        #expect(b.cancellationCount == 1)
    }

    @Test("describes its upstreams")
    func description() {
        #expect(Just(1).combineLatest(Just("a")).description == "CombineLatest(Just(1), Just(a))")
    }
}

import Dispatch
import Effects
import ConcurrencyTestSupport
import Testing

@Suite struct MergeTests {
    @Test("two synchronous upstreams deliver the first one's values first, then finish once")
    func synchronousUpstreamsInOrder() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.merge(with: [3, 4].publisher).subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .finished,
            ])
    }

    @Test("interleaves values as they arrive and finishes only after both upstreams")
    func interleavesAndFinishesAfterBoth() {
        let a = TestSubject<String>(), b = TestSubject<String>()
        let recorder = Recorder<String>()
        a.merge(with: b).subscribe(recorder)

        a.send("a1")
        b.send("b1")
        a.send("a2")
        a.finish()
        #expect(recorder.history == [.subscription, .value("a1"), .value("b1"), .value("a2")])
        b.send("b2")
        b.finish()
        #expect(
            recorder.history == [
                .subscription, .value("a1"), .value("b1"), .value("a2"), .value("b2"), .finished,
            ])
    }

    @Test("values at different virtual times arrive in time order")
    func delayedUpstreamsInTimeOrder() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Just(1).delay(for: .seconds(2), scheduler: scheduler)
            .merge(with: Just(2).delay(for: .seconds(1), scheduler: scheduler))
            .subscribe(recorder)

        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(2)])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(2), .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("MergeMany delivers in order and finishes only when every upstream has")
    func mergeManyFinishesAfterAll() {
        let subjects = [TestSubject<Int>(), TestSubject<Int>(), TestSubject<Int>()]
        let recorder = Recorder<Int>()
        Publishers.MergeMany(subjects).subscribe(recorder)

        subjects[2].send(3)
        subjects[0].send(1)
        subjects[0].finish()
        subjects[2].finish()
        subjects[1].send(2)
        #expect(recorder.history == [.subscription, .value(3), .value(1), .value(2)])
        subjects[1].finish()
        #expect(recorder.history == [.subscription, .value(3), .value(1), .value(2), .finished])
    }

    @Test("MergeMany of synchronous publishers keeps their order")
    func mergeManySynchronousOrder() {
        let recorder = Recorder<Int>()
        Publishers.MergeMany(Just(1), Just(2), Just(3)).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test("MergeMany of nothing finishes at once")
    func mergeManyOfNothingFinishes() {
        let recorder = Recorder<Int>()
        Publishers.MergeMany([Just<Int>]()).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("cancelling cancels every upstream and delivers nothing more")
    func cancelCancelsEveryUpstream() {
        let a = TestSubject<Int>(), b = TestSubject<Int>()
        let recorder = Recorder<Int>()
        Publishers.MergeMany(a, b).subscribe(recorder)
        a.send(1)
        recorder.cancel()
        a.send(2)
        b.send(3)
        b.finish()
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(a.cancellationCount == 1)
        #expect(b.cancellationCount == 1)
    }

    @Test("cancelling from a value handler stops the upstreams not yet started")
    func cancelFromValueHandlerStopsLaterUpstreams() {
        let later = TestSubject<Int>()
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(1) { recorder.cancel() }
        }
        Publishers.MergeMany(Just(1).eraseToAnyPublisher(), later.eraseToAnyPublisher()).subscribe(
            recorder)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(later.subscriberCount == 0)
    }

    @Test("describes its upstreams")
    func description() {
        #expect(Just(1).merge(with: Just(2)).description == "Merge(Just(1), Just(2))")
        #expect(
            Publishers.MergeMany(Just(1), Just(2), Just(3)).description
                == "Merge(Just(1), Just(2), Just(3))")
    }

    @Test(
        "two threads delivering at once: the downstream is never called concurrently and gets every value once"
    )
    func concurrentDeliveryIsSerialized() async {
        let valuesPerThread = 2_000
        let subjects = [TestSubject<Int>(), TestSubject<Int>()]
        let isInside = TestAtomic(false)
        let overlaps = TestAtomic(0)
        let recorder = Recorder<Int> { _, _ in
            if !isInside.compareExchange(
                expected: false, desired: true, ordering: .acquiringAndReleasing
            ).exchanged {
                overlaps.add(1, ordering: .relaxed)
            }
            // Stay inside a little, so that an unserialized second caller would be caught.
            for _ in 0..<50 { _ = isInside.load(ordering: .relaxed) }
            isInside.store(false, ordering: .releasing)
        }
        Publishers.MergeMany(subjects).subscribe(recorder)

        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<valuesPerThread {
                subjects[thread].send(thread * valuesPerThread + index)
            }
            subjects[thread].finish()
        }
        await recorder.waitForCompletion()

        let overlapCount = overlaps.load(ordering: .relaxed)
        #expect(overlapCount == 0)
        let values = recorder.values
        #expect(values.sorted() == Array(0..<2 * valuesPerThread))
        #expect(values.filter { $0 < valuesPerThread } == Array(0..<valuesPerThread))
        #expect(
            values.filter { $0 >= valuesPerThread } == Array(valuesPerThread..<2 * valuesPerThread))
        #expect(recorder.history.last == .finished)
        #expect(recorder.history.count(where: { $0 == .finished }) == 1)
    }
}

import Effects
import Testing

@Suite struct RunTests {
    @Test("sends what the work hands to send, in order, then finishes", .timeLimit(.minutes(1)))
    func sendsInOrderThenFinishes() async {
        let recorder = Recorder<Int>()
        Effect<Int>.run { send in
            for value in 1...5 {
                await send(value)
                await Task.yield()
            }
        }
        .subscribe(recorder)

        await recorder.waitForCompletion()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .value(4), .value(5), .finished])
    }

    @Test("Publishers.Run with no values just finishes", .timeLimit(.minutes(1)))
    func noValuesJustFinishes() async {
        let recorder = Recorder<String>()
        Publishers.Run<String> { _ in }.subscribe(recorder)
        await recorder.waitForCompletion()
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("cancelling cancels the task and drops whatever it sends afterwards", .timeLimit(.minutes(1)))
    func cancellationStopsDelivery() async {
        let (gate, openGate) = AsyncStream<Void>.makeStream()
        let (ended, end) = AsyncStream<Bool>.makeStream()
        let recorder = Recorder<Int>()
        Publishers.Run<Int> { send in
            await send(1)
            for await _ in gate {}
            let sawCancellation = Task.isCancelled
            await send(2)
            end.yield(sawCancellation)
            end.finish()
        }
        .subscribe(recorder)

        await recorder.wait(forValueCount: 1)
        recorder.cancel()
        openGate.finish()
        var endings = ended.makeAsyncIterator()
        let sawCancellation = await endings.next()

        #expect(sawCancellation == true)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test("cancelling while the subscription is handed over drops everything sent", .timeLimit(.minutes(1)))
    func cancelOnSubscription() async {
        let (ended, end) = AsyncStream<Void>.makeStream()
        let recorder = Recorder<Int> { recorder, event in
            if event == .subscription { recorder.cancel() }
        }
        Publishers.Run<Int> { send in
            await send(1)
            end.finish()
        }
        .subscribe(recorder)

        for await _ in ended {}
        #expect(recorder.history == [.subscription])
    }

    @Test("describes itself as Run")
    func description() {
        #expect(Effect<Int>.run { _ in }.description == "Run")
    }
}

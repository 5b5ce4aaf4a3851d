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
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .value(5), .finished,
            ])
    }

    @Test("Publishers.Run with no values just finishes", .timeLimit(.minutes(1)))
    func noValuesJustFinishes() async {
        let recorder = Recorder<String>()
        Publishers.Run<String> { _ in }.subscribe(recorder)
        await recorder.waitForCompletion()
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test(
        "cancelling cancels the task and drops whatever it sends afterwards",
        .timeLimit(.minutes(1)))
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

    @Test(
        "cancelling while the subscription is handed over drops everything sent",
        .timeLimit(.minutes(1)))
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
        #expect(
            Effect<Int>.run { _ in
            } catch: { _, _ in
            }.description == "Run")
    }

    private struct Broken: Error, CustomStringConvertible {
        var description: String { "broken" }
    }

    @Test(
        "the throwing form sends what the work sent before it threw, then what catch: sends, then finishes",
        .timeLimit(.minutes(1)))
    func throwingFormCatches() async {
        let recorder = Recorder<String>()
        Effect<String>.run { send in
            await send("started")
            throw Broken()
        } catch: { error, send in
            await send("failed: \(error)")
        }
        .subscribe(recorder)

        await recorder.waitForCompletion()
        #expect(
            recorder.history == [
                .subscription, .value("started"), .value("failed: broken"), .finished,
            ])
    }

    @Test("the throwing form that does not throw never calls catch:", .timeLimit(.minutes(1)))
    func throwingFormWithoutError() async {
        let recorder = Recorder<Int>()
        Effect<Int>.run { send in
            await send(1)
        } catch: { _, send in
            await send(-1)
        }
        .subscribe(recorder)

        await recorder.waitForCompletion()
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    /// Calls `farewell` when released: tells a test that the closure holding it is gone.
    private final class Farewell: Sendable {
        let farewell: @Sendable () -> Void

        init(_ farewell: @escaping @Sendable () -> Void) {
            self.farewell = farewell
        }

        deinit {
            farewell()
        }
    }

    @Test("catch: is not called for work that was cancelled", .timeLimit(.minutes(1)))
    func noCatchAfterCancel() async {
        let (gate, openGate) = AsyncStream<Void>.makeStream()
        let (handled, noteHandled) = AsyncStream<Bool>.makeStream()
        let recorder = Recorder<Int>()
        do {
            // The handler holds the farewell, and the task holds the handler: the stream ends
            // once the task is over, whether the handler ran or not.
            let farewell = Farewell { noteHandled.finish() }
            Effect<Int>.run { send in
                await send(1)
                for await _ in gate {}
                try Task.checkCancellation()
            } catch: { _, send in
                _ = farewell
                noteHandled.yield(true)
                await send(-1)
            }
            .subscribe(recorder)
        }

        await recorder.wait(forValueCount: 1)
        recorder.cancel()
        openGate.finish()
        var wasHandled = false
        for await value in handled { wasHandled = value }
        #expect(!wasHandled)
        #expect(recorder.history == [.subscription, .value(1)])
    }
}

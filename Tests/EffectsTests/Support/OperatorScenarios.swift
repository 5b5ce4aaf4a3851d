import Effects

// Two scenarios every operator's tests play, each written once here.

/// Plays "cancel mid-stream" on the publisher that `makePublisher` builds on a test subject:
/// subscribes a recorder, sends `before`, cancels the recorder, then sends `after` and finishes
/// the subject.
///
/// - Returns: What the recorder received (nothing sent after the cancel must be in it), and how
///   many times the subject's subscription was cancelled (once, when the cancel reaches it).
func cancelledMidStream<P: Publisher>(
    _ makePublisher: (TestSubject<Int>) -> P, sending before: [Int], then after: [Int] = [99]
) -> (history: [Recorder<P.Output>.Event], upstreamCancellations: Int) {
    let upstream = TestSubject<Int>()
    let recorder = Recorder<P.Output>()
    makePublisher(upstream).subscribe(recorder)
    for value in before { upstream.send(value) }
    recorder.cancel()
    for value in after { upstream.send(value) }
    upstream.finish()
    return (recorder.history, upstream.cancellationCount)
}

/// Plays the publisher that `makePublisher` builds on a timer ticking every second on a
/// ``TestScheduler`` for `duration` of virtual time.
///
/// - Returns: When each value and the completion arrived, and how much work is still pending
///   on the scheduler (none, once the publisher has finished and cancelled the timer).
func timelineOnTimer<P: Publisher>(
    _ makePublisher: (Publishers.Timer<TestScheduler>) -> P, for duration: Duration
) -> (timeline: [TimedRecorder<P.Output>.Event], pendingWork: Int) {
    let scheduler = TestScheduler()
    let recorder = TimedRecorder<P.Output>(clock: scheduler)
    makePublisher(Publishers.Timer(every: .seconds(1), scheduler: scheduler)).subscribe(recorder)
    scheduler.advance(by: duration)
    return (recorder.timeline, scheduler.pendingWorkCount)
}

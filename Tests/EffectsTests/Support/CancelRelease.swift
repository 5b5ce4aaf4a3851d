import Effects
import Testing

/// An object that a scheduled closure captures, to watch with a weak reference when it is released.
final class Witness: Sendable {
    func touch() {}
}

/// Schedules one-shot and repeating work on `scheduler`, cancels each, and expects what each
/// closure captured to be released by the time `cancel()` returns: the rule every scheduler keeps.
func expectCancelReleasesAtOnce(
    on scheduler: some Scheduler,
    after delay: Duration,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    weak var weakOneShot: Witness?
    weak var weakRepeating: Witness?
    let (oneShot, repeating): (any Cancellable, any Cancellable) = {
        let first = Witness()
        let second = Witness()
        weakOneShot = first
        weakRepeating = second
        return (
            scheduler.schedule(after: delay) { first.touch() },
            scheduler.schedule(after: delay, interval: .seconds(1)) { second.touch() }
        )
    }()
    #expect(weakOneShot != nil, sourceLocation: sourceLocation)
    #expect(weakRepeating != nil, sourceLocation: sourceLocation)
    oneShot.cancel()
    #expect(weakOneShot == nil, "the one-shot action was kept", sourceLocation: sourceLocation)
    repeating.cancel()
    #expect(weakRepeating == nil, "the repeating action was kept", sourceLocation: sourceLocation)
}

/// Work an operator's state machine asks its owner to schedule: `delay` from now, under
/// `generation`.
///
/// The generation lets the work tell, when it runs, whether it is still the work the state
/// expects: a replaced or cancelled piece of work finds another generation (or none) and does
/// nothing. It also lets the owner keep the scheduler's handle only for the work it belongs to.
@usableFromInline
struct ScheduledWait: Sendable {
    @usableFromInline let generation: UInt64
    @usableFromInline let delay: Duration

    @inlinable
    init(generation: UInt64, delay: Duration) {
        self.generation = generation
        self.delay = delay
    }
}

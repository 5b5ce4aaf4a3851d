/// How much a ``TestStore`` insists on: everything, or only what the test asserts.
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change must be described exactly, every action an effect sends must be
    /// received, and no effect may be running or scheduled when the test ends. The default.
    case on

    /// Only what the test asserts is checked, for integration-style tests that care about a
    /// few outcomes: an expected state is checked on the fields the update closure sets (the
    /// closure is applied to the actual state, which must not change), `receive` skips the
    /// received actions before the first that matches, and `finish` skips what was not
    /// received and cancels the effects still in flight.
    case off
}

extension Effect {
    /// Marks this effect so that it can be cancelled by `id` while it runs.
    ///
    /// When a store runs the effect, it registers it under `id` until it finishes. An effect
    /// ``cancel(id:)`` (or a later effect with `cancelInFlight: true` and the same id) stops it;
    /// a cancelled effect counts as finished for whatever contains it.
    ///
    /// ```swift
    /// return Effect.just(.unFlipSelectedCards)
    ///     .delay(for: .seconds(1), scheduler: scheduler)
    ///     .cancellable(id: GameTimer.unFlip, cancelInFlight: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; effects with equal ids are cancelled together.
    ///   - cancelInFlight: Whether to cancel effects already running with this id before
    ///     starting this one.
    /// - Returns: The marked effect (``none`` stays ``none`` unless it cancels in flight).
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let id = EffectID(id)
        if isNone {
            return cancelInFlight ? .cancel(id: id) : .none
        }
        return Effect(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, self))
    }

    /// An effect that cancels every running effect marked with `id`, then finishes.
    ///
    /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: The effect.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        cancel(id: EffectID(id))
    }

    private static func cancel(id: EffectID) -> Effect {
        Effect(operation: .cancel(id: id))
    }
}

/// The identity of a cancellable effect: any hashable, sendable value, type-erased.
///
/// Made by ``Effect/cancellable(id:cancelInFlight:)`` and ``Effect/cancel(id:)``; ids of
/// different types never match.
public struct EffectID: Hashable, CustomStringConvertible, @unchecked Sendable {
    // `AnyHashable` is not marked Sendable, but the only initializer takes a value that is
    // `Hashable & Sendable`, and `AnyHashable` never mutates what it wraps.
    private let base: AnyHashable

    /// Wraps `id`.
    ///
    /// - Parameter id: Any hashable, sendable value.
    public init(_ id: some Hashable & Sendable) {
        if let id = id as? EffectID {
            self = id
        } else {
            base = AnyHashable(id)
        }
    }

    /// The wrapped value's description.
    public var description: String {
        "\(base.base)"
    }
}

import Effects

/// The running copies of a lifted `forEach`'s or `ifLet`'s middleware: one shared when it
/// remembers nothing, else one per part present, so that it remembers that part alone; and
/// `forEach`'s scope id of each element that started an effect.
///
/// Size: at most one copy and one scope id per part present; each lookup is O(1).
// Unchecked: like `Memory`, read and written only by the store's drainer, one action at a
// time, each ordered after the previous by the store's lock.
@usableFromInline
final class RunningCopies<Key: Hashable & Sendable, Part: Sendable, PartAction: Sendable>:
    @unchecked Sendable   // safe: see above (drainer only)
{
    @usableFromInline typealias Running = AnyMiddleware<Part, PartAction>.Running

    @usableFromInline let instantiate: @Sendable () -> Running
    /// The copy every part shares when it remembers nothing; nil when each needs its own.
    @usableFromInline let shared: Running?
    /// Whether the middleware is a nested `forEach` or `ifLet` (see `Running.settle`).
    @usableFromInline let settles: Bool
    @usableFromInline var owned: [Key: Running] = [:]
    @usableFromInline var scopes: [Key: EffectID] = [:]

    @inlinable
    init(_ instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
        let first = instantiate()
        shared = first.remember == nil ? first : nil
        settles = first.settle != nil
    }

    /// Shows `part`, as the action left it, to its own copy: what it sees before the next action.
    @inlinable
    func remember(_ part: Part, as key: Key) {
        guard shared == nil else { return }
        running(of: key).remember?(part)
    }

    @inlinable
    func react(_ part: Part, as key: Key, _ action: PartAction) -> Effect<PartAction> {
        if let shared { return shared.react(part, action) }
        if let running = owned[key] { return running.react(part, action) }
        // A part added by this very action: it remembers itself as it is now.
        let running = running(of: key)
        running.remember?(part)
        return running.react(part, action)
    }

    /// What the part's copy ends after an action not its own.
    @inlinable
    func settle(_ part: Part, as key: Key) -> Effect<PartAction> {
        owned[key]?.settle?(part) ?? .none
    }

    @inlinable
    func running(of key: Key) -> Running {
        if let running = owned[key] { return running }
        let running = instantiate()
        owned[key] = running
        return running
    }

    /// The scope id of the part `key`, made by `make` the first time.
    @inlinable
    func scope(of key: Key, _ make: () -> EffectID) -> EffectID {
        if let scope = scopes[key] { return scope }
        let scope = make()
        scopes[key] = scope
        return scope
    }

    /// Forgets the part `key`, gone; returns its scope id if one was made.
    @inlinable
    @discardableResult
    func remove(_ key: Key) -> EffectID? {
        owned.removeValue(forKey: key)
        return scopes.removeValue(forKey: key)
    }
}

import Effects

extension AnyMiddleware {
    /// This middleware with some dependencies overridden for itself: it, and the effects it
    /// starts, read the store's dependencies changed by `modify` (TCA's `.dependency(_:_:)` on a
    /// reducer).
    ///
    /// ```swift
    /// let quietPond = AnyMiddleware(playQuacks).dependencies { $0.soundPlayer = SilentPlayer() }
    /// ```
    ///
    /// Lift it as any other (`pullback`, `forEach`, `ifLet`); the store's other middlewares keep
    /// the store's values.
    ///
    /// - Parameter modify: Overrides dependencies, starting from the store's.
    /// - Returns: The middleware, with its own dependencies.
    public func dependencies(
        _ modify: @escaping @Sendable (inout Dependencies) -> Void
    ) -> AnyMiddleware {
        let instantiate = instantiate
        return AnyMiddleware(instantiate: {
            let running = instantiate()
            return Running(
                remember: running.remember,
                react: { state, action in
                    var dependencies = Dependencies.current
                    modify(&dependencies)
                    let effect = Dependencies.binding(dependencies) { running.react(state, action) }
                    switch effect.operation {
                    case .none, .just:
                        // Nothing runs later that could read them.
                        return effect
                    case .node:
                        return Effect(DependencyBinding(dependencies: dependencies, effect: effect))
                    }
                },
                // Settling runs no middleware of the user's: nothing in it reads dependencies.
                settle: running.settle)
        })
    }
}

/// An effect that starts with some dependencies bound: the tasks it creates as it starts
/// (`Effect.run`) inherit them, as they inherit those of the store that starts it.
struct DependencyBinding<Output: Sendable>: Publisher, CustomStringConvertible {
    let dependencies: Dependencies
    let effect: Effect<Output>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        Dependencies.binding(dependencies) { effect.receive(subscriber: subscriber) }
    }

    /// The effect's own description: binding changes what it reads, not what it is.
    var description: String {
        String(describing: effect)
    }
}

import Effects

extension AnyMiddleware {
    /// This middleware with some dependencies overridden: it, and the effects it starts, read
    /// the store's dependencies changed by `modify`; the store's other middlewares do not.
    ///
    /// ```swift
    /// let quietPond = AnyMiddleware(playQuacks).dependencies { $0.soundPlayer = SilentPlayer() }
    /// ```
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
                settle: running.settle)
        })
    }
}

/// An effect that starts with some dependencies bound, which the tasks it creates inherit.
struct DependencyBinding<Output: Sendable>: Publisher, CustomStringConvertible {
    let dependencies: Dependencies
    let effect: Effect<Output>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        Dependencies.binding(dependencies) { effect.receive(subscriber: subscriber) }
    }

    var description: String {
        String(describing: effect)
    }
}

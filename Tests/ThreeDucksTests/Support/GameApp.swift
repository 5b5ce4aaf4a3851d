import Effects
import Redux
import ThreeDucks

// An app of two features built by composition: the card game, as the ThreeDucks module ships
// it, beside a small settings feature written here against its own state and actions.

/// The settings feature's state.
struct GameSettings: Equatable, Sendable {
    var isSoundOn = true
    var isSaved = true
}

/// The settings feature's actions.
enum SettingsAction: Equatable, Sendable {
    case toggleSound
    /// The settings middleware answers a change with this once it has saved it.
    case saved
}

/// The settings feature's reducer.
let settingsReducer: MutatingReducer<GameSettings, SettingsAction> = { settings, action in
    switch action {
    case .toggleSound:
        settings.isSoundOn.toggle()
        settings.isSaved = false
    case .saved:
        settings.isSaved = true
    }
}

/// Saves the settings half a second after the last change (a quick series saves once).
func savingSettings(scheduler: some Scheduler) -> Middleware<GameSettings, SettingsAction> {
    { _, action in
        guard case .toggleSound = action else { return .none }
        return Effect.just(.saved)
            .delay(for: .milliseconds(500), scheduler: scheduler)
            .cancellable(id: "save settings", cancelInFlight: true)
    }
}

/// The app's state: both features.
struct GameApp: Equatable, Sendable {
    var game = ThreeDucksState(difficulty: .easy)
    var settings = GameSettings()
}

/// The app's actions: each feature's in a case of its own.
enum GameAppAction: Equatable, Sendable {
    case game(ThreeDucksAction)
    case settings(SettingsAction)

    static let gamePath = ActionPath<GameAppAction, ThreeDucksAction>(embed: GameAppAction.game) {
        guard case .game(let action) = $0 else { return nil }
        return action
    }

    static let settingsPath = ActionPath<GameAppAction, SettingsAction>(
        embed: GameAppAction.settings
    ) {
        guard case .settings(let action) = $0 else { return nil }
        return action
    }
}

/// The app's reducer: the features' reducers, each lifted to the app.
let gameAppReducer: MutatingReducer<GameApp, GameAppAction> = combine(
    pullback(threeDucksReducer, state: \.game, action: GameAppAction.gamePath),
    pullback(settingsReducer, state: \.settings, action: GameAppAction.settingsPath)
)

/// The app's middlewares: the game's (with context, lifted as they are) and the settings'.
func gameAppMiddlewares(
    seed: UInt64,
    scheduler: some Scheduler,
    player: some SoundPlayer
) -> [AnyMiddleware<GameApp, GameAppAction>] {
    [
        gameLogic(random: SplitMix64(seed: seed), scheduler: scheduler)
            .pullback(state: \.game, action: GameAppAction.gamePath),
        soundCues(player: player)
            .pullback(state: \.game, action: GameAppAction.gamePath),
        AnyMiddleware(
            pullback(
                savingSettings(scheduler: scheduler), state: \.settings,
                action: GameAppAction.settingsPath)),
    ]
}

import Effects
import Redux

/// The game's logic: deals the deck, answers each pair, and declares the win.
///
/// - On `startGame`, it deals a deck for the state's difficulty, shuffled with `random`, in a
///   `dealt` action, and cancels whatever the previous game still had pending.
/// - On a flip that makes a pair: the same animal → `clearSelectedCards` at once (and, if that
///   was the last pair, `winGame` after `winDelay`); different animals → `unFlipSelectedCards`
///   after `mismatchDelay`. Both wait on `scheduler`.
/// - On `endGame`, it cancels the pending un-flip or win, so that nothing from a game given up
///   (or restarted) reaches the next one.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let logic = gameLogic(random: SplitMix64(seed: 42), scheduler: scheduler)
/// ```
///
/// A seeded generator deals the same decks, with the same ids, in the same order every time.
///
/// It tells an accepted flip from a refused one by the moves before and after it (a remembering
/// middleware: the store keeps the moves and the screen before each action for it), so it keeps
/// nothing about any store: one value may serve any number of stores at once. Its one dependency
/// with state is the generator, behind a lock; stores that share the middleware draw their decks
/// from it in turn.
///
/// - Parameters:
///   - random: The generator that shuffles the decks; `SystemRandomNumberGenerator()` in the
///     game, ``SplitMix64`` in tests.
///   - scheduler: Where the delays wait: a `DispatchQueueScheduler` in the game, a
///     `TestScheduler` in tests.
///   - mismatchDelay: How long a mismatched pair stays face up; one second by default.
///   - winDelay: How long after the last pair the won screen shows; one second by default.
/// - Returns: The middleware.
public func gameLogic(
    random: some RandomNumberGenerator & Sendable,
    scheduler: some Scheduler,
    mismatchDelay: Duration = .seconds(1),
    winDelay: Duration = .seconds(1)
) -> AnyMiddleware<ThreeDucksState, ThreeDucksAction> {
    // The dependencies are erased once, here, so that the middleware below is concrete code:
    // generic code from another module is not specialized, and every effect it built would pay
    // for looking its types up at run time.
    let random = LockedGenerator(random)
    return gameLogic(
        deal: { random.deal($0) },
        scheduler: AnyScheduler(scheduler),
        mismatchDelay: mismatchDelay,
        winDelay: winDelay
    )
}

private func gameLogic(
    deal: @escaping @Sendable (Difficulty) -> [Card],
    scheduler: AnyScheduler,
    mismatchDelay: Duration,
    winDelay: Duration
) -> AnyMiddleware<ThreeDucksState, ThreeDucksAction> {
    // The delayed effects never change: made once, returned as often as needed (an effect is a
    // value describing work, so one instance serves every game).
    let unFlipLater = Effect.just(ThreeDucksAction.unFlipSelectedCards)
        .delay(for: mismatchDelay, scheduler: scheduler)
        .cancellable(id: PendingGameTimer(), cancelInFlight: true)
    let winLater = Effect.just(ThreeDucksAction.winGame)
        .delay(for: winDelay, scheduler: scheduler)
        .cancellable(id: PendingGameTimer(), cancelInFlight: true)
    return AnyMiddleware(remembering: GameProgress.init) { state, previous, action in
        switch action {
        case .startGame:
            let deck = deal(state.difficulty)
            return .merge(.cancel(id: PendingGameTimer()), .just(.dealt(deck)))

        case .endGame:
            return .cancel(id: PendingGameTimer())

        case .flipCard:
            guard previous.acceptedFlip(leadingTo: state), let matches = state.selectionMatches
            else { return .none }
            guard matches else {
                return unFlipLater
            }
            guard state.isEveryCardFaceUp else {
                return .just(.clearSelectedCards)
            }
            return .merge(.just(.clearSelectedCards), winLater)

        default:
            return .none
        }
    }
}

/// The id of the one delayed action a game can have pending: an un-flip or a win.
private struct PendingGameTimer: Hashable, Sendable {}

/// The middleware's generator, behind a lock, since middlewares may run on any thread and any
/// number of stores may share one.
private final class LockedGenerator<Generator: RandomNumberGenerator & Sendable>: Sendable {
    private let generator: Lock<Generator>

    init(_ generator: Generator) {
        self.generator = Lock(generator)
    }

    func deal(_ difficulty: Difficulty) -> [Card] {
        generator.withLock { Deck.shuffled(difficulty, using: &$0) }
    }
}

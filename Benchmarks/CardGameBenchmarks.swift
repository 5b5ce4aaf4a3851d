import Effects
import Redux
import ThreeDucks

/// The actions of the card-game cases: on a dealt hard deck, flip two cards that do not match,
/// then turn them back, over and over — the reducer's busiest path.
struct CardGameScript {
    let deck: [Card]
    /// Pairs of card ids whose animals differ.
    let mismatches: [(Card.ID, Card.ID)]

    init() {
        var random = SplitMix64(seed: 2026)
        deck = Deck.shuffled(.hard, using: &random)
        var pairs: [(Card.ID, Card.ID)] = []
        for first in deck {
            for second in deck where second.id > first.id && second.animal != first.animal {
                pairs.append((first.id, second.id))
            }
        }
        mismatches = pairs
    }

    /// A game in progress on the hard deck, nothing face up.
    var startingState: ThreeDucksState {
        var state = ThreeDucksState(difficulty: .hard)
        state.reduce(.startGame)
        state.reduce(.dealt(deck))
        return state
    }
}

func cardGameBenchmarks() -> [Benchmark] {
    let script = CardGameScript()
    let baseline = "baseline: card game reducer, raw loop"
    let remembersProjection = "store: card game, a middleware remembering moves and screen"
    return [
        Benchmark(name: baseline, baseline: nil, operations: 3_000_000) { n in
            // The same closure the store holds, called through an opaque reference.
            let reduce = opaque(threeDucksReducer)
            var state = script.startingState
            var done = 0
            var pair = 0
            while done < n {
                let (first, second) = script.mismatches[pair]
                reduce(&state, .flipCard(first))
                reduce(&state, .flipCard(second))
                reduce(&state, .unFlipSelectedCards)
                done += 3
                pair = pair + 1 == script.mismatches.count ? 0 : pair + 1
            }
            blackHole(state.moves)
        },
        Benchmark(
            name: "store: card game, game logic on a TestScheduler", baseline: baseline,
            operations: 600_000
        ) { n in
            // The real middleware answers each mismatch with an un-flip delayed by a second,
            // cancellable by id; the scheduler runs it on virtual time.
            let scheduler = TestScheduler()
            let store = Store(
                initial: script.startingState,
                mutatingReducer: threeDucksReducer,
                middlewares: [gameLogic(random: SplitMix64(seed: 1), scheduler: scheduler)]
            )
            var done = 0
            var pair = 0
            while done < n {
                let (first, second) = script.mismatches[pair]
                store.dispatch(.flipCard(first))
                store.dispatch(.flipCard(second))
                scheduler.advance(by: .seconds(1))   // the delayed un-flip arrives
                done += 3
                pair = pair + 1 == script.mismatches.count ? 0 : pair + 1
            }
            precondition(store.state.selectedCards.isEmpty, "the un-flip did not arrive")
            blackHole(store.state.moves)
        },
        Benchmark(
            name: "store: card game, no middleware", baseline: baseline, operations: 3_000_000
        ) { n in
            let store = Store(initial: script.startingState, mutatingReducer: threeDucksReducer)
            var done = 0
            var pair = 0
            while done < n {
                let (first, second) = script.mismatches[pair]
                store.dispatch(.flipCard(first))
                store.dispatch(.flipCard(second))
                store.dispatch(.unFlipSelectedCards)
                done += 3
                pair = pair + 1 == script.mismatches.count ? 0 : pair + 1
            }
            blackHole(store.state.moves)
        },
        Benchmark(
            name: "store: card game, game logic and sound cues on a TestScheduler",
            baseline: baseline, operations: 600_000
        ) { n in
            // Both remembering middlewares: each keeps the moves and the screen before
            // every action, and nothing else.
            let scheduler = TestScheduler()
            let store = Store(
                initial: script.startingState,
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    gameLogic(random: SplitMix64(seed: 1), scheduler: scheduler),
                    soundCues(player: SilentSoundPlayer()),
                ]
            )
            var done = 0
            var pair = 0
            while done < n {
                let (first, second) = script.mismatches[pair]
                store.dispatch(.flipCard(first))
                store.dispatch(.flipCard(second))
                scheduler.advance(by: .seconds(1))
                done += 3
                pair = pair + 1 == script.mismatches.count ? 0 : pair + 1
            }
            precondition(store.state.selectedCards.isEmpty, "the un-flip did not arrive")
            blackHole(store.state.moves)
        },
        Benchmark(
            name: "store: card game, a middleware that answers .none", baseline: baseline,
            operations: 3_000_000
        ) { n in
            let store = Store(
                initial: script.startingState,
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    { state, _ in
                        blackHole(state.moves)
                        return .none
                    }
                ]
            )
            script.play(n, on: store)
        },
        Benchmark(name: remembersProjection, baseline: baseline, operations: 3_000_000) { n in
            let store = Store(
                initial: script.startingState,
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    AnyMiddleware(remembering: { ($0.moves, $0.screen) }) { _, previous, _ in
                        blackHole(previous.0)
                        return .none
                    }
                ]
            )
            script.play(n, on: store)
        },
        Benchmark(
            name:
                "store: card game, a middleware remembering the whole previous state (× moves and screen)",
            baseline: remembersProjection, operations: 1_000_000
        ) { n in
            // The copy makes the reducer copy the deck to turn a card.
            let store = Store(
                initial: script.startingState,
                mutatingReducer: threeDucksReducer,
                middlewares: [
                    .beforeAndAfter { _, previous, _ in
                        blackHole(previous.moves)
                        return .none
                    }
                ]
            )
            script.play(n, on: store)
        },
    ]
}

extension CardGameScript {
    /// Dispatches `count` actions: mismatched pairs flipped and turned back, over and over.
    func play(_ count: Int, on store: Store<ThreeDucksState, ThreeDucksAction>) {
        var done = 0
        var pair = 0
        while done < count {
            let (first, second) = mismatches[pair]
            store.dispatch(.flipCard(first))
            store.dispatch(.flipCard(second))
            store.dispatch(.unFlipSelectedCards)
            done += 3
            pair = pair + 1 == mismatches.count ? 0 : pair + 1
        }
        blackHole(store.state.moves)
    }
}

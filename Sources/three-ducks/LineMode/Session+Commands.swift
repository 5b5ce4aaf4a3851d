import Foundation
import ThreeDucks

extension Session {
    /// Turns a typed line into an action, or a one-line reply.
    ///
    /// - Parameter line: What was typed, without its newline.
    /// - Returns: Whether it ran, was refused, or asks to quit.
    @discardableResult
    func handle(_ line: String) -> LineOutcome {
        answeringLine {
            switch CommandParser.parse(line) {
            case .failure(let error):
                say(error.message)
                return .refused
            case .success(let command):
                return perform(command, typed: line)
            }
        }
    }

    /// Answers a line that was too long to be read (more than `limit` bytes): one line back,
    /// and nothing changes.
    ///
    /// - Parameter limit: The longest line read, in bytes.
    /// - Returns: ``LineOutcome/refused``.
    @discardableResult
    func refuseLongLine(limit: Int) -> LineOutcome {
        answeringLine {
            say(
                "That line is longer than \(limit) bytes, so it was not read: type a card's coordinate, like b3, or help."
            )
            return .refused
        }
    }

    private func perform(_ command: Command, typed line: String) -> LineOutcome {
        let state = store.state
        switch command {
        case .flip(let coordinate):
            return flip(coordinate, typed: line, in: state)

        case .newGame:
            store.dispatch(.startGame)

        case .giveUp:
            return carryOut(.giveUp, in: state)

        case .back:
            guard state.screen != .title else { return .quit }
            return carryOut(.goToTitle, in: state)

        case .title:
            return carryOut(.goToTitle, in: state)

        case .quit:
            return .quit

        case .help:
            say(String(renderer.help(for: state.screen).dropLast()))

        case .scores:
            say(String(renderer.highScores(state.highScores).dropLast()))

        case .difficulty(let difficulty):
            return carryOut(.chooseDifficulty(difficulty), in: state)
        }
        return .done
    }

    /// Dispatches the actions the rules answer `request` with, or says why they refuse it.
    private func carryOut(_ request: PlayerRequest, in state: ThreeDucksState) -> LineOutcome {
        switch state.answer(to: request) {
        case .accepted(let actions) where actions.count > 1:
            // Another level during a game passes through the title screen: show only the end.
            withoutDrawing {
                for action in actions { store.dispatch(action) }
            }
        case .accepted(let actions):
            for action in actions { store.dispatch(action) }
        case .refused(.noGame):
            say("There is no game to give up: type new to start one.")
            return .refused
        case .refused(.gameWon):
            say("This game is won, there is nothing to give up: type new to play again.")
            return .refused
        case .refused(.alreadyOnTitle):
            say("This is the title screen: type new to start a game.")
            return .refused
        case .refused(.sameDifficulty):
            say("The difficulty is already \(state.difficulty.rawValue): type new to start a game.")
            return .refused
        }
        return .done
    }

    private func flip(_ coordinate: Coordinate, typed line: String, in state: ThreeDucksState)
        -> LineOutcome
    {
        let grid = Grid(cardCount: state.cards.count)
        let id = grid.index(of: coordinate).map { state.cards[$0].id }
        // The rules are the library's: it says why a flip would change nothing.
        switch state.flipRefusal(for: id) {
        case nil:
            if let id { store.dispatch(.flipCard(id)) }
            return .done
        case .noGame:
            say("No game is being played: type new to start one.")
        case .gameWon:
            say("This game is won: type new to play again.")
        case .noSuchCard:
            let typed = InputEcho.sanitized(line.trimmingCharacters(in: .whitespaces).lowercased())
            say("There is no card \(typed): the grid has \(grid.extent).")
        case .alreadyFaceUp:
            say("\(coordinate) is already face up.")
        case .pairShowing:
            say("Wait a moment: the two cards turn back first.")
        }
        return .refused
    }
}

import TestSupport
import ThreeDucks
@testable import three_ducks

/// The coordinate a player types for the card at `index` of `deck`.
func coordinate(of index: Int, in deck: [Card]) -> String {
    Grid(cardCount: deck.count).coordinate(ofIndex: index).description
}

/// The lines that win the first game of `deck` after one deliberate mismatch: the first cards
/// of the first two pairs, then every pair in order. It takes `deck.count + 2` moves.
func winningScript(for deck: [Card]) -> [String] {
    let pairs = pairs(in: deck)
    var lines = [coordinate(of: pairs[0].0, in: deck), coordinate(of: pairs[1].0, in: deck)]
    for pair in pairs {
        lines.append(coordinate(of: pair.0, in: deck))
        lines.append(coordinate(of: pair.1, in: deck))
    }
    return lines
}

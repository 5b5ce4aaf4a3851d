import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct GridTests {
    @Test(
        "each level has its shape: easy 2 x 4, normal 3 x 4, hard 4 x 5",
        arguments: [
            (Difficulty.easy, 2, 4), (.normal, 3, 4), (.hard, 4, 5),
        ])
    func shapes(difficulty: Difficulty, rows: Int, columns: Int) {
        let grid = Grid(difficulty)
        #expect(grid.rows == rows)
        #expect(grid.columns == columns)
        #expect(grid.rows * grid.columns == difficulty.cardCount)
    }

    @Test("coordinates and card indices go both ways, row by row")
    func roundTrip() {
        for difficulty in Difficulty.allCases {
            let grid = Grid(difficulty)
            for index in 0..<difficulty.cardCount {
                #expect(grid.index(of: grid.coordinate(ofIndex: index)) == index)
            }
        }
        #expect(Grid(.normal).index(of: Coordinate(row: 1, column: 2)) == 6)
        #expect(Grid(.normal).coordinate(ofIndex: 6).description == "b3")
    }

    @Test(
        "a coordinate off the grid has no card",
        arguments: [
            Coordinate(row: 3, column: 0), Coordinate(row: 0, column: 4),
            Coordinate(row: 0, column: -1),
            Coordinate(row: -1, column: 0), Coordinate(row: 1, column: Int.max / 20),
        ])
    func offTheGrid(coordinate: Coordinate) {
        #expect(Grid(.normal).index(of: coordinate) == nil)
    }

    @Test("a grid names its extent; any other count of cards fits in rows of five")
    func extentAndOddCounts() {
        #expect(Grid(.easy).extent == "rows a-b, columns 1-4")
        #expect(Grid(.hard).extent == "rows a-d, columns 1-5")
        let odd = Grid(cardCount: 7)
        #expect(odd.rows == 2 && odd.columns == 5)
        #expect(odd.index(of: Coordinate(row: 1, column: 1)) == 6)
        #expect(odd.index(of: Coordinate(row: 1, column: 2)) == nil)
        #expect(Grid(cardCount: 0).rows == 0)
    }
}

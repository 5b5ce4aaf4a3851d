import Redux

/// A row of a list, found by its id.
struct BenchmarkRow: Identifiable {
    let id: Int
    var value: Int
}

/// What the simple identified array costs where its design has a price or a promise: removing
/// one row of 10,000 moves the rows after it and writes their positions again, O(n), which must
/// stay under a millisecond (the second case also pays for copying the ids, as it does in a
/// store whose `forEach` keeps the previous action's); reading by position, what SwiftUI's
/// `ForEach` does, against a plain `Array`'s.
func identifiedArrayBenchmarks() -> [Benchmark] {
    let arrayReads = "IdentifiedArray's reference: Array, read by position, 10,000 rows, per row"
    return [
        .timed(
            name: "IdentifiedArray: remove one row of 10,000 (append back untimed)",
            baseline: nil, operations: 2_000
        ) { n in
            removingOneRow(of: 10_000, keepingIDs: false, n)
        },
        .timed(
            name: "IdentifiedArray: remove one row of 10,000, its ids kept (as by forEach)",
            baseline: nil, operations: 2_000
        ) { n in
            removingOneRow(of: 10_000, keepingIDs: true, n)
        },
        Benchmark(name: arrayReads, baseline: nil, operations: 20_000_000) { n in
            let rows = (0..<10_000).map { BenchmarkRow(id: $0, value: $0) }
            blackHole(sumByPosition(rows, n))
        },
        Benchmark(
            name: "IdentifiedArray: read by position, 10,000 rows, per row (× Array)",
            baseline: arrayReads, operations: 20_000_000
        ) { n in
            let rows = IdentifiedArray(
                uniqueElements: (0..<10_000).map { BenchmarkRow(id: $0, value: $0) })
            blackHole(sumByPosition(rows, n))
        },
    ]
}

/// Sums the values of `n` rows read by position, going round the collection.
@inline(never)
private func sumByPosition<Rows: RandomAccessCollection<BenchmarkRow>>(_ rows: Rows, _ n: Int)
    -> Int where Rows.Index == Int
{
    var sum = 0
    var position = 0
    for _ in 0..<n {
        sum &+= rows[position].value
        position += 1
        if position == rows.count { position = 0 }
    }
    return sum
}

/// Times `n` removals by id of one row of an identified array of `count` rows, the ids removed
/// striding across it, each row appended back untimed; with `keepingIDs`, the array's ids are
/// kept across each removal, as a store's `forEach` keeps the previous action's.
private func removingOneRow(of count: Int, keepingIDs: Bool, _ n: Int) -> Duration {
    var rows = IdentifiedArray(
        uniqueElements: (0..<count).map { BenchmarkRow(id: $0, value: $0) })
    let clock = ContinuousClock()
    var total = Duration.zero
    var checksum = 0
    for operation in 0..<n {
        let id = (operation &* 7_919) % count
        let kept = keepingIDs ? rows.ids : IdentifiedArray<BenchmarkRow>().ids
        let start = clock.now
        let row = rows.remove(id: id)!
        total += start.duration(to: clock.now)
        checksum &+= row.value &+ kept.count
        rows.append(row)
    }
    blackHole(checksum)
    return total
}

import Redux

/// A row of a list, found by its id.
struct BenchmarkRow: Identifiable {
    let id: Int
    var value: Int
}

/// Removal by id from an identified array of 10 and of 10,000 elements: the same cost, as
/// removal leaves a hole instead of shifting the elements after it (the compactions, once holes
/// are half the storage, are counted in). Each operation removes one element by id and appends
/// it back, so the size stays the same; the ids removed stride across the whole array. The last
/// case does the same with a plain `Array` (find the id, remove at its index), for comparison,
/// and the last two with a `Dictionary`, to show how much of the 10,000-element ratio comes from
/// the memory, which no longer fits in the fastest caches, rather than from the algorithm. One
/// case shows the price of the design: a read by position after each removal rebuilds the
/// table of positions, O(n).
func identifiedArrayBenchmarks() -> [Benchmark] {
    let small = "IdentifiedArray: remove by id and append it back, 10 elements"
    let dictionary =
        "IdentifiedArray's reference: [Int: Row] removeValue(forKey:) and insert back, 10 elements"
    return [
        Benchmark(name: small, baseline: nil, operations: 2_000_000) { n in
            blackHole(removeAndAppendBack(size: 10, operations: n))
        },
        Benchmark(
            name:
                "IdentifiedArray: remove by id and append it back, 10,000 elements (× 10 elements)",
            baseline: small, operations: 2_000_000
        ) { n in
            blackHole(removeAndAppendBack(size: 10_000, operations: n))
        },
        Benchmark(
            name:
                "IdentifiedArray's alternative: [Row] firstIndex(where:) + remove(at:) and append "
                + "back, 10,000 elements (× IdentifiedArray, 10 elements)",
            baseline: small, operations: 20_000
        ) { n in
            var rows = (0..<10_000).map { BenchmarkRow(id: $0, value: $0) }
            for operation in 0..<n {
                let id = (operation &* 7_919) % rows.count
                let row = rows.remove(at: rows.firstIndex { $0.id == id }!)
                rows.append(row)
            }
            blackHole(rows.count)
        },
        Benchmark(
            name: "IdentifiedArray: remove by id, append back, then read one element by position "
                + "(the table of positions is rebuilt), 10,000 elements (× 10 elements, no read)",
            baseline: small, operations: 50_000
        ) { n in
            var rows = IdentifiedArray(
                uniqueElements: (0..<10_000).map { BenchmarkRow(id: $0, value: $0) })
            var checksum = 0
            for operation in 0..<n {
                let row = rows.remove(id: (operation &* 7_919) % 10_000)!
                rows.append(row)
                checksum &+= rows[operation % 10_000].value
            }
            blackHole(checksum)
        },
        Benchmark(name: dictionary, baseline: nil, operations: 2_000_000) { n in
            blackHole(removeAndInsertBack(size: 10, operations: n))
        },
        Benchmark(
            name: "IdentifiedArray's reference: [Int: Row] removeValue(forKey:) and insert back, "
                + "10,000 elements (× 10 elements)",
            baseline: dictionary, operations: 2_000_000
        ) { n in
            blackHole(removeAndInsertBack(size: 10_000, operations: n))
        },
    ]
}

/// The same as `removeAndAppendBack` with a plain dictionary, whose cost grows from 10 to
/// 10,000 elements only as its memory no longer fits in the fastest caches: the part of the
/// identified array's ratio that is not its own.
@inline(never)
private func removeAndInsertBack(size: Int, operations: Int) -> Int {
    var rows = [Int: BenchmarkRow](minimumCapacity: size)
    for id in 0..<size { rows[id] = BenchmarkRow(id: id, value: id) }
    var checksum = 0
    for operation in 0..<operations {
        let id = (operation &* 7_919) % size
        let row = rows.removeValue(forKey: id)!
        checksum &+= row.value
        rows[id] = row
    }
    return checksum
}

/// Removes `operations` elements by id from an identified array of `size` elements, appending
/// each back; returns a checksum of what was removed.
@inline(never)
private func removeAndAppendBack(size: Int, operations: Int) -> Int {
    var rows = IdentifiedArray(uniqueElements: (0..<size).map { BenchmarkRow(id: $0, value: $0) })
    var checksum = 0
    for operation in 0..<operations {
        let id = (operation &* 7_919) % size
        let row = rows.remove(id: id)!
        checksum &+= row.value
        rows.append(row)
    }
    return checksum
}

import ConcurrencyTestSupport

/// The number in a helper's progress line such as `saved 17`, or nil if `line` is not one.
func progressNumber(in line: String, after word: String) -> Int? {
    guard line.hasPrefix(word + " ") else { return nil }
    return Int(line.dropFirst(word.count + 1))
}

/// Spins (busy, on the CPU) for about `iterations` steps, so that a kill that follows lands at a
/// seeded-random point of the child's work.
func spin(_ iterations: Int) {
    let sink = TestAtomic<Int>(0)
    for step in 0..<iterations {
        sink.add(step & 1, ordering: .relaxed)
    }
}

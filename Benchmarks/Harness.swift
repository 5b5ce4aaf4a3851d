import AllocationCounter

/// One measured case: a body that performs `operations` operations per run.
struct Benchmark {
    /// The name shown in the table and used by `--filter`.
    let name: String
    /// The name of the case this one is compared with, nil for a baseline.
    let baseline: String?
    /// How many operations one run performs (reduced by `--quick`).
    let operations: Int
    /// Performs `operations` operations.
    let body: (Int) -> Void
    /// For a case whose setup must not count: performs `operations` operations and returns the
    /// time the measured part took. Nil when the whole body is measured.
    var timedBody: ((Int) -> Duration)? = nil
}

extension Benchmark {
    /// A case that times only part of its body (see ``timedBody``).
    static func timed(
        name: String, baseline: String?, operations: Int, _ body: @escaping (Int) -> Duration
    ) -> Benchmark {
        Benchmark(
            name: name, baseline: baseline, operations: operations, body: { _ = body($0) },
            timedBody: body)
    }
}

/// What a case measured: the median over the runs, and allocations per operation.
struct Measurement {
    let name: String
    let baseline: String?
    let operations: Int
    let nanosecondsPerOperation: Double
    let allocationsPerOperation: Double
    var ratio: Double?

    var operationsPerSecond: Double {
        nanosecondsPerOperation > 0 ? 1e9 / nanosecondsPerOperation : .infinity
    }
}

/// Where `blackHole` writes. Only the thread running a case touches it, except in the
/// contention case, which does not use it.
nonisolated(unsafe) var blackHoleSink: UInt8 = 0

/// Consumes a value so that the optimizer cannot delete the work that made it.
///
/// An empty function is not enough: the optimizer sees that it has no effect and removes the
/// call, and the work with it. Folding one byte of the value into a global is an effect it must
/// keep, and costs about a nanosecond.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in
        if let first = bytes.first {
            blackHoleSink &+= first
        }
    }
}

/// Runs a case: one warm-up run, then `repetitions` timed runs; reports the median.
func measure(_ benchmark: Benchmark, operations: Int, repetitions: Int) -> Measurement {
    let clock = ContinuousClock()
    benchmark.body(max(1, operations / 10))

    var durations: [Duration] = []
    var allocations: [UInt64] = []
    for _ in 0..<repetitions {
        let allocationsBefore = allocation_count_on_this_thread()
        let elapsed: Duration
        if let timed = benchmark.timedBody {
            elapsed = timed(operations)
        } else {
            elapsed = clock.measure { benchmark.body(operations) }
        }
        allocations.append(allocation_count_on_this_thread() - allocationsBefore)
        durations.append(elapsed)
    }
    durations.sort()
    allocations.sort()
    let median = durations[durations.count / 2]
    let (seconds, attoseconds) = median.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    return Measurement(
        name: benchmark.name,
        baseline: benchmark.baseline,
        operations: operations,
        nanosecondsPerOperation: nanoseconds / Double(operations),
        allocationsPerOperation: Double(allocations[allocations.count / 2]) / Double(operations),
        ratio: nil
    )
}

/// Formats a number with a fixed number of decimals, without Foundation.
func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count < decimals {
            text += String(repeating: "0", count: decimals - fraction.count)
        }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return decimals == 0 ? String(Int(rounded)) : text
}

func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func jsonString(_ text: String) -> String {
    var escaped = "\""
    for character in text.unicodeScalars {
        switch character {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        default: escaped.unicodeScalars.append(character)
        }
    }
    return escaped + "\""
}

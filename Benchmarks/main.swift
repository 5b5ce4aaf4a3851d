// The benchmark executable: `swift run -c release benchmarks [--quick] [--json] [--filter TEXT]`.
//
// Every case is reported with the median time per operation, operations per second, heap
// allocations per operation and its ratio to a baseline measured in the same run, so the
// figures mean something on a noisy machine.

import Foundation

#if DEBUG
let builtInDebug = true
#else
let builtInDebug = false
#endif

struct Options {
    var quick = false
    var json = false
    var filters: [String] = []
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--quick":
            options.quick = true
        case "--json":
            options.json = true
        case "--filter":
            guard let filter = arguments.popFirst() else {
                fatalUsage("--filter needs a text to match case names against")
            }
            options.filters.append(filter)
        case "--help", "-h":
            print(
                """
                USAGE: swift run -c release benchmarks [--quick] [--json] [--filter TEXT]...

                  --quick        a short smoke pass (fewer operations and runs; figures are rough)
                  --json         print the results as JSON instead of a table
                  --filter TEXT  run only the cases whose name contains TEXT (repeatable);
                                 their baselines run too
                """)
            exit(0)
        default:
            fatalUsage("unknown option '\(argument)'")
        }
    }
    return options
}

func fatalUsage(_ reason: String) -> Never {
    printToStandardError("benchmarks: \(reason) (see --help)")
    exit(2)
}

let options = parseOptions()
#if DEBUG
printToStandardError(
    """
    ************************************************************************
    WARNING: the benchmarks were built in DEBUG mode; the figures mean nothing.
    Run them with: swift run -c release benchmarks
    ************************************************************************
    """)
#endif

let all =
    baselineBenchmarks() + storeBenchmarks() + effectsBenchmarks() + operatorBenchmarks()
    + schedulerBenchmarks() + runtimeBenchmarks() + cardGameBenchmarks() + asyncBenchmarks()
    + compositionBenchmarks() + homeBenchmarks() + identifiedArrayBenchmarks() + forEachBenchmarks()
    + observationBenchmarks()
var selected = all.filter { benchmark in
    options.filters.isEmpty || options.filters.contains { benchmark.name.contains($0) }
}
let baselineNames = Set(selected.compactMap(\.baseline))
selected = all.filter { benchmark in
    selected.contains { $0.name == benchmark.name } || baselineNames.contains(benchmark.name)
}

var results: [Measurement] = []
for benchmark in selected {
    let operations = options.quick ? max(1, benchmark.operations / 50) : benchmark.operations
    let repetitions = options.quick ? 3 : 9
    if !options.json {
        printToStandardError("running \(benchmark.name)…")
    }
    results.append(measure(benchmark, operations: operations, repetitions: repetitions))
}
for index in results.indices {
    if let baseline = results[index].baseline,
        let reference = results.first(where: { $0.name == baseline })
    {
        results[index].ratio =
            results[index].nanosecondsPerOperation / reference.nanosecondsPerOperation
    }
}
let memory =
    options.filters.isEmpty || options.filters.contains { "memory".contains($0) }
    ? measureResidentMemory(dispatches: options.quick ? 200_000 : 10_000_000)
    : nil
let soaks = measureSoaks(
    soakCases().filter { soak in
        options.filters.isEmpty || options.filters.contains { soak.name.contains($0) }
    },
    cycles: options.quick ? 20_000 : 1_000_000
)

if options.json {
    printJSON(results, memory: memory, soaks: soaks, quick: options.quick)
} else {
    printTable(results, memory: memory, soaks: soaks, quick: options.quick)
}

import Foundation

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func printTable(_ results: [Measurement], memory: ResidentMemory?, quick: Bool) {
    if quick {
        print("(quick pass: few operations and runs; figures are rough)")
    }
    let header =
        padded("case", 46) + padded("ns/op", 10, right: true) + padded("ops/s", 16, right: true)
        + padded("allocs/op", 11, right: true) + padded("× baseline", 12, right: true)
        + "  baseline"
    print(header)
    print(String(repeating: "-", count: header.count + 20))
    for result in results {
        let ratio = result.ratio.map { format($0, decimals: 2) + "×" } ?? "—"
        print(
            padded(result.name, 46)
                + padded(format(result.nanosecondsPerOperation, decimals: 1), 10, right: true)
                + padded(format(result.operationsPerSecond, decimals: 0), 16, right: true)
                + padded(format(result.allocationsPerOperation, decimals: 2), 11, right: true)
                + padded(ratio, 12, right: true)
                + "  " + (result.baseline ?? "(baseline)")
        )
    }
    if let memory {
        print("")
        print(
            "resident memory: \(memory.beforeKiB) KiB before, \(memory.afterKiB) KiB after "
                + "\(memory.dispatches) dispatches (\(memory.afterKiB - memory.beforeKiB) KiB difference)"
        )
    }
}

func printJSON(_ results: [Measurement], memory: ResidentMemory?, quick: Bool) {
    var lines: [String] = []
    for result in results {
        var fields = [
            "\"name\": \(jsonString(result.name))",
            "\"operations\": \(result.operations)",
            "\"nanosecondsPerOperation\": \(result.nanosecondsPerOperation)",
            "\"operationsPerSecond\": \(result.operationsPerSecond)",
            "\"allocationsPerOperation\": \(result.allocationsPerOperation)",
        ]
        if let baseline = result.baseline {
            fields.append("\"baseline\": \(jsonString(baseline))")
        }
        if let ratio = result.ratio {
            fields.append("\"ratioToBaseline\": \(ratio)")
        }
        lines.append("    {" + fields.joined(separator: ", ") + "}")
    }
    var output = "{\n  \"quick\": \(quick),\n  \"debugBuild\": \(builtInDebug),\n  \"cases\": [\n"
    output += lines.joined(separator: ",\n")
    output += "\n  ]"
    if let memory {
        output +=
            ",\n  \"residentMemory\": {\"dispatches\": \(memory.dispatches), "
            + "\"beforeKiB\": \(memory.beforeKiB), \"afterKiB\": \(memory.afterKiB)}"
    }
    output += "\n}"
    print(output)
}

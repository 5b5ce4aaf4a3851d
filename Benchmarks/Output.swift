import Foundation

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func printTable(
    _ results: [Measurement], memory: ResidentMemory?, soaks: [SoakResult], quick: Bool
) {
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
    if !soaks.isEmpty { print("") }
    for soak in soaks {
        print(
            "resident memory: \(soak.beforeKiB) KiB before, \(soak.afterKiB) KiB after "
                + "\(soak.cycles) cycles of \(soak.name) (\(soak.growthKiB) KiB difference)"
        )
        if soak.growthKiB > SoakResult.allowedGrowthKiB {
            print(
                "  ^ GREW BY MORE THAN 1 MiB (\(soak.growthKiB) KiB): something is retained "
                    + "after the end")
        }
    }
}

func printJSON(
    _ results: [Measurement], memory: ResidentMemory?, soaks: [SoakResult], quick: Bool
) {
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
    if !soaks.isEmpty {
        let entries = soaks.map { soak in
            "    {\"name\": \(jsonString(soak.name)), \"cycles\": \(soak.cycles), "
                + "\"beforeKiB\": \(soak.beforeKiB), \"afterKiB\": \(soak.afterKiB), "
                + "\"withinOneMiB\": \(soak.growthKiB <= SoakResult.allowedGrowthKiB)}"
        }
        output += ",\n  \"soaks\": [\n" + entries.joined(separator: ",\n") + "\n  ]"
    }
    output += "\n}"
    print(output)
}

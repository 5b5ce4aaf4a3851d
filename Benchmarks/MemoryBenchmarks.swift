import Foundation
import Redux

/// Resident memory around a long run of dispatches.
struct ResidentMemory {
    let dispatches: Int
    let beforeKiB: Int
    let afterKiB: Int
}

/// Dispatches `dispatches` actions through a counter store with three `.none` middlewares and
/// reads the resident set size before and after.
func measureResidentMemory(dispatches: Int) -> ResidentMemory? {
    let store = counterStore(middlewareCount: 3)
    for _ in 0..<1_000 { store.dispatch(.increment) }
    // Read once for nothing first: the first read of the file sets up what reading it needs,
    // which would otherwise show as growth between the two readings that count.
    _ = residentKiB()
    guard let before = residentKiB() else { return nil }
    for _ in 0..<dispatches {
        store.dispatch(.increment)
    }
    blackHole(store.state)
    guard let after = residentKiB() else { return nil }
    return ResidentMemory(dispatches: dispatches, beforeKiB: before, afterKiB: after)
}

/// The resident set size from `/proc/self/statm` (its second field, in pages), or nil where
/// there is no such file.
func residentKiB() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
        return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

// expect: type-checks
// The same APIs behind `if #available` and `@available`, as the package uses them.
import Synchronization

func runGuarded() async -> Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let counter = Atomic(0)
        counter.add(1, ordering: .relaxed)
        let total = Mutex(Int128(counter.load(ordering: .relaxed)))
        Task(executorPreference: nil) {}
        await withTaskExecutorPreference(nil) {}
        return Int(total.withLock { $0 })
    }
    return 0
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class Counter: Sendable {
    let count = Mutex(0)
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
func firstOfTwo(_ values: [Int]) -> Int {
    let pair: InlineArray<2, Int> = [values.span[0], 2]
    return pair[0]
}

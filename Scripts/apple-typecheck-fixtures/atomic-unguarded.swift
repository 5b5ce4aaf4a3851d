// expect: error 'Atomic' is only available in
// Synchronization's `Atomic` (macOS 15 / iOS 18) used without `#available`.
import Synchronization

func countOnce() -> Int {
    let counter = Atomic(0)
    counter.add(1, ordering: .relaxed)
    return counter.load(ordering: .relaxed)
}

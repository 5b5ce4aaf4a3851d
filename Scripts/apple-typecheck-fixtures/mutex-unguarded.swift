// expect: error 'Mutex' is only available in
// Synchronization's `Mutex` (macOS 15 / iOS 18) stored without `@available`.
import Synchronization

final class Counter: Sendable {
    let count = Mutex(0)
}

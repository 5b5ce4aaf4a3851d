import Effects
import MinimalApp
import Redux

// Counts to three, then down to zero, a second at a time, printing each count:
// `swift run minimal-app` in this folder.
let store = Store(
    initial: Counter(),
    mutatingReducer: counterReducer,
    middlewares: [countingDown(scheduler: DispatchQueueScheduler())]
)
let subscription = store.subscribe(to: \.count) { count in print("count:", count) }
for _ in 1...3 { store.dispatch(.increment) }
store.dispatch(.countDown)
await store.idle()   // the count is back to zero
subscription.cancel()

import Dispatch

/// An actor whose isolation is a Dispatch queue of its own, as the main actor's is the main
/// thread: async work that calls it leaves the test scheduler for a moment.
actor QueueSensor {
    final class QueueExecutor: SerialExecutor {
        let queue = DispatchQueue(label: "ReduxTests.QueueSensor")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
        }
    }

    private let executor = QueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A reading, after a hop to the sensor's queue.
    func read() -> Int { 7 }
}

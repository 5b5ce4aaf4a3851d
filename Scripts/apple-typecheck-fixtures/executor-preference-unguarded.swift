// expect: error 'init\(.*executorPreference:.*' is only available in
// A task with an executor preference (macOS 15 / iOS 18) made without `#available`:
// Scripts/check-platforms let this through in the files it allowed executor APIs in.
func startOnPreferredExecutor() {
    Task(executorPreference: nil) {}
}

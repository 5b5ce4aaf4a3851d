// expect: error 'withTaskExecutorPreference\(.*' is only available in
// `withTaskExecutorPreference` (macOS 15 / iOS 18) called without `#available`.
func runOnPreferredExecutor() async {
    await withTaskExecutorPreference(nil) {}
}

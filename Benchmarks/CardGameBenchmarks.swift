/// Card-game cases arrive with the game module.
func cardGameBenchmarks() -> [Benchmark] {
    []
}

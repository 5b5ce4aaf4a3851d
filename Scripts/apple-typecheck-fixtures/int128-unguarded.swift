// expect: error 'Int128' is only available in
// `Int128` (macOS 15 / iOS 18) used without `#available`.
func widened(_ value: Int) -> Int128 {
    Int128(value)
}

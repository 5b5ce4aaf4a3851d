// expect: error 'InlineArray' is only available in
// `InlineArray` (macOS 26 / iOS 26) used without `#available`.
func firstOfTwo() -> Int {
    let pair: InlineArray<2, Int> = [1, 2]
    return pair[0]
}

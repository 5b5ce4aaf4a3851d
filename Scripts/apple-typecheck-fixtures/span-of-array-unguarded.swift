// expect: error 'span' is only available in
// An array's `span` (macOS 26 / iOS 26) read without `#available`.
func count(of values: [Int]) -> Int {
    values.span.count
}

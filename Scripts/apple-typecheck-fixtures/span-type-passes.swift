// expect: type-checks
// The `Span` type itself is back-deployed (the standard library declares it available from
// macOS 10.14.4 / iOS 12.2), so a function that takes one needs no `#available`: a correct
// pass, where only the ways to get a span from the standard collections are new.
func count(of values: Span<Int>) -> Int {
    values.count
}

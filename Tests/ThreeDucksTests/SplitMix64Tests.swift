import Testing
import ThreeDucks

@Suite struct SplitMix64Tests {
    @Test("gives the reference SplitMix64 sequence")
    func referenceValues() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("the same seed gives the same numbers, another seed others")
    func seeds() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<8).map { _ in first.next() }
        let b = (0..<8).map { _ in second.next() }
        let c = (0..<8).map { _ in other.next() }
        #expect(a == b)
        #expect(a != c)
    }
}

// expect: fail
// count: 14
// Each kind once, with no row named: all counted, all failing.
let a = Unmanaged.passUnretained(object)
b._withUnsafeGuaranteedRef { $0 }
let c = unsafeBitCast(x, to: Int.self)
let d = unsafeDowncast(x, to: C.self)
let e = x.unsafelyUnwrapped
array.withUnsafeMutableBufferPointer { _ in }
let f: UnsafeRawPointer
p.copyMemory(from: q, byteCount: 8)
p.assumingMemoryBound(to: Int.self)
p.bindMemory(to: Int.self, capacity: 1)
bytes.load(fromByteOffset: 0, as: Int.self)
@exclusivity(unchecked) var g = 0
nonisolated(unsafe) var h = 0
let i = duration._high

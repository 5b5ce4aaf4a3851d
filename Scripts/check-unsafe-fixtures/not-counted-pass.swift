// expect: pass
// count: 0
// What is not unsafe code: comments, doc comments, strings, continuations, atomic loads.
/// Reads `bytes.load(fromByteOffset:)`, like Unmanaged would; see unsafeBitCast.
// withUnsafeMutableBufferPointer was taken out.
let message = "no Unmanaged here, nor withUnsafeBytes"
let value = try await withUnsafeThrowingContinuation { continuation in resume(continuation) }
await withUnsafeContinuation { $0.resume() }
let isOn = flag.load(ordering: .acquiring)
let scores = try await file.load()
/* UnsafeMutablePointer in a block comment */
let highScore = scores.max()

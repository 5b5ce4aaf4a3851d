// expect: pass
// count: 3
// Tagged on the line, or in the comment lines right above; a line may use two kinds.
let a = Unmanaged.passUnretained(object)   // decision log: Unretained loops
// The loop below reads each object unretained.
// decision log: Unretained loops
bytes.load(fromByteOffset: 0, as: Unmanaged<C>.self)
@exclusivity(unchecked) var value: Int?   // decision log: Memory exclusivity

// expect: fail
// count: 3
// budget: 2
// Every line tagged, one line too many.
let a = Unmanaged.passUnretained(x)   // decision log: Unretained loops
let b = Unmanaged.passUnretained(y)   // decision log: Unretained loops
let c = Unmanaged.passUnretained(z)   // decision log: Unretained loops

// expect: fail
// count: 1
// A tag covers the line it is on and the code line right below its comment, not one further.
// decision log: Unretained loops
let first = 1
let a = Unmanaged.passUnretained(object)

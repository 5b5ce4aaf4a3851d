// expect: fail
// count: 1
// A row that is not in the decision log, or is a bold cell outside it.
let a = Unmanaged.passUnretained(object)   // decision log: Not a row

// expect: fail
// count: 0
// Inlined: as a call it cost 30 instructions more.
let x = 1

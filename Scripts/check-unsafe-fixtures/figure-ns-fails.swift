// expect: fail
// count: 0
/// Reads the field at its offset (about 40 ns faster).
let y = 2

// expect: fail
// count: 0
let z = held   // saves a retain per call

// expect: pass
// count: 0
// Words near the figures are fine: "nanoseconds" (a field name), instruct, answers, runs,
// a retain cycle, an allocation that is needed.
/// The time in whole nanoseconds, as `{"nanoseconds": 0}` records it.
let nanoseconds = 0

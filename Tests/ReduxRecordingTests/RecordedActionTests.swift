import Foundation
import ReduxRecording
import Testing

@Suite struct RecordedActionTests {
    @Test("encodes the time in whole nanoseconds next to the action")
    func encoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let entry = RecordedAction(time: .milliseconds(1500), action: CounterAction.add(3))
        let json = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(json == #"{"action":{"add":{"_0":3}},"nanoseconds":1500000000}"#)
    }

    @Test("survives a round trip exactly, to the nanosecond")
    func roundTrip() throws {
        let entry = RecordedAction(time: .seconds(3) + .nanoseconds(7), action: CounterAction.reset)
        let decoded = try JSONDecoder().decode(
            RecordedAction<CounterAction>.self, from: JSONEncoder().encode(entry))
        #expect(decoded == entry)
    }

    @Test("refuses a negative time")
    func negativeTime() {
        let json = Data(#"{"action":{"reset":{}},"nanoseconds":-1}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RecordedAction<CounterAction>.self, from: json)
        }
    }
}

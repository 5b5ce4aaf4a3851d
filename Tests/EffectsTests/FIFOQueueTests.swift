import Effects
import Testing

/// The queue under a store and every relay: a ring that must behave exactly like an array used
/// as a queue, through growth, wrap-around and shrinking.
@Suite struct FIFOQueueTests {
    @Test(
        "random appends and pops give the elements back in the order they came, as an array would")
    func matchesAnArray() {
        var generator = SystemRandomNumberGenerator()
        for burst in [3, 17, 100, 5_000] {
            var queue = FIFOQueue<Int>()
            var model: [Int] = []
            var next = 0
            for _ in 0..<20_000 {
                if Int.random(in: 0..<burst, using: &generator) < burst / 2 + 1 {
                    queue.append(next)
                    model.append(next)
                    next += 1
                } else {
                    #expect(queue.popFirst() == model.first)
                    if !model.isEmpty { model.removeFirst() }
                }
                #expect(queue.count == model.count)
            }
            #expect(Array(queue) == model, "iteration walks the ring from the oldest element")
            if !model.isEmpty {
                #expect(queue[0] == model[0])
                #expect(queue[model.count - 1] == model[model.count - 1])
            }
        }
    }

    @Test("a queue that fills and empties again and again keeps one small ring")
    func steadyStateKeepsItsRing() {
        var queue = FIFOQueue<Int>()
        for round in 0..<1_000 {
            for value in 0..<(round % 20) { queue.append(value) }
            for value in 0..<(round % 20) { #expect(queue.popFirst() == value) }
        }
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
        #expect(
            queue.ringSize == 32, "it grew once to hold 19 elements, and never shrank below that")
    }

    @Test("after a burst of 100,000 elements has drained, the ring is back to a small size")
    func memoryFollowsTheElementsWaiting() {
        var queue = FIFOQueue<Int>()
        for value in 0..<100_000 { queue.append(value) }
        #expect(queue.ringSize >= 100_000)
        for value in 0..<100_000 { #expect(queue.popFirst() == value) }
        #expect(queue.ringSize <= 2_048)
    }

    @Test("an element is released when it is popped, not when the queue next moves")
    func popReleasesTheElement() {
        final class Payload {}
        var queue = FIFOQueue<Payload>()
        weak var watched: Payload?
        do {
            let payload = Payload()
            watched = payload
            queue.append(payload)
            queue.append(Payload())
        }
        _ = queue.popFirst()
        #expect(watched == nil)
        #expect(queue.count == 1)
    }
}

import Effects
import ReduxTesting
import Search
import Testing

/// A server that answers after a second of the test scheduler's time, with the names it knows
/// that contain the query, or fails for the query "boom".
private func server(on scheduler: TestScheduler) -> SearchClient {
    let names = ["apple", "apricot", "banana", "grape"]
    return SearchClient { query in
        try await scheduler.clock.sleep(for: .seconds(1))
        if query == "boom" { throw ServerDown() }
        return names.filter { $0.contains(query) }
    }
}

private struct ServerDown: Error, CustomStringConvertible {
    var description: String { "the server is down" }
}

private func makeStore(_ scheduler: TestScheduler = TestScheduler()) -> TestStore<
    Search, SearchAction
> {
    TestStore(
        initial: Search(),
        mutatingReducer: searchReducer,
        scheduler: scheduler,
        middlewares: [searching(with: server(on: scheduler), scheduler: scheduler)]
    )
}

@Suite struct SearchTests {
    @Test("a query is searched 300 ms after the last keystroke, and its names shown")
    func searchesAfterTheUserStops() async {
        let store = makeStore()
        await store.send(.queryChanged("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(299))
        store.advance(by: .milliseconds(1) + .seconds(1))
        await store.receive(.resultsArrived(query: "ap", names: ["apple", "apricot", "grape"])) {
            $0.results = ["apple", "apricot", "grape"]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test("typing quickly sends one request, for the last query")
    func oneRequestPerBurst() async {
        let store = makeStore()
        await store.send(.queryChanged("a")) {
            $0.query = "a"
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(100))
        await store.send(.queryChanged("ap")) { $0.query = "ap" }
        store.advance(by: .milliseconds(100))
        await store.send(.queryChanged("apr")) { $0.query = "apr" }
        store.advance(by: .milliseconds(300) + .seconds(1))
        await store.receive(.resultsArrived(query: "apr", names: ["apricot"])) {
            $0.results = ["apricot"]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test("a newer query cancels the request already on its way: its answer never arrives")
    func newerQueryCancelsTheStaleRequest() async {
        let store = makeStore()
        await store.send(.queryChanged("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        // The request for "ap" has started and waits for the server's answer.
        store.advance(by: .milliseconds(500))
        await store.send(.queryChanged("ban")) { $0.query = "ban" }
        store.advance(by: .seconds(5))
        await store.receive(.resultsArrived(query: "ban", names: ["banana"])) {
            $0.results = ["banana"]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test("a failed request shows why, and the next query clears it")
    func failureInState() async {
        let store = makeStore()
        await store.send(.queryChanged("boom")) {
            $0.query = "boom"
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(300) + .seconds(1))
        await store.receive(.requestFailed(query: "boom", reason: "the server is down")) {
            $0.failure = "the server is down"
            $0.isSearching = false
        }
        await store.send(.queryChanged("gr")) {
            $0.query = "gr"
            $0.failure = nil
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(300) + .seconds(1))
        await store.receive(.resultsArrived(query: "gr", names: ["grape"])) {
            $0.results = ["grape"]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test("clearing the field cancels the pending search and empties the results")
    func clearingCancels() async {
        let store = makeStore()
        await store.send(.queryChanged("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        store.advance(by: .milliseconds(400))
        await store.send(.queryChanged("")) {
            $0.query = ""
            $0.isSearching = false
        }
        store.advance(by: .seconds(5))
        await store.finish()
    }

    @Test("an answer for a query that is no longer in the field changes nothing")
    func staleAnswerIgnored() {
        var search = Search()
        searchReducer(&search, .queryChanged("ban"))
        searchReducer(&search, .resultsArrived(query: "ap", names: ["apple"]))
        #expect(search.results == [])
        #expect(search.isSearching)
    }
}

import Effects
import Redux

/// A type-ahead search: what the user typed, and what the last finished request found.
public struct Search: Equatable, Sendable {
    /// The text in the search field.
    public var query = ""
    /// The names the request for ``query`` found; empty while there is no query.
    public var results: [String] = []
    /// Whether a request for ``query`` is under way (typing starts the wait, the request ends it).
    public var isSearching = false
    /// What went wrong with the last request, shown instead of results; nil when it worked.
    public var failure: String?

    /// An empty search.
    public init() {}
}

/// What can happen to a ``Search``.
public enum SearchAction: Equatable, Sendable {
    /// The user changed the text in the search field.
    case queryChanged(String)
    /// A request finished with the names it found, for the query it was made for.
    case resultsArrived(query: String, names: [String])
    /// A request failed, for the query it was made for.
    case requestFailed(query: String, reason: String)
}

/// Where a search looks: a server in the app, a stub in tests.
public struct SearchClient: Sendable {
    /// Finds the names matching a query; throws when the request fails.
    public var search: @Sendable (String) async throws -> [String]

    /// A client that calls `search` for every request.
    public init(search: @escaping @Sendable (String) async throws -> [String]) {
        self.search = search
    }
}

/// Changes the search in place for an action.
///
/// An answer for a query that is no longer the one in the field is dropped: the request it came
/// from was overtaken (the middleware cancels such requests; this guards the state even so).
public let searchReducer: MutatingReducer<Search, SearchAction> = { search, action in
    switch action {
    case .queryChanged(let query):
        search.query = query
        search.failure = nil
        search.isSearching = !query.isEmpty
        if query.isEmpty { search.results = [] }
    case .resultsArrived(let query, let names):
        guard query == search.query else { return }
        search.results = names
        search.isSearching = false
    case .requestFailed(let query, let reason):
        guard query == search.query else { return }
        search.results = []
        search.failure = reason
        search.isSearching = false
    }
}

/// The id of the one request a search runs at a time: a newer query cancels the older request,
/// whether it is still waiting out the debounce or already on the network.
private enum SearchRequest: Hashable, Sendable {
    case inFlight
}

/// Sends a request 300 ms after the user stops typing, through `client`; a newer query
/// cancels the request before it.
///
/// - Parameters:
///   - client: Where the requests go.
///   - scheduler: Where the debounce waits: a `DispatchQueueScheduler` in the app, a
///     `TestScheduler` in tests.
/// - Returns: The middleware.
public func searching(
    with client: SearchClient, scheduler: some Scheduler
) -> Middleware<Search, SearchAction> {
    { _, action in
        guard case .queryChanged(let query) = action else { return .none }
        guard !query.isEmpty else { return .cancel(id: SearchRequest.inFlight) }
        return Effect.run { send in
            let names = try await client.search(query)
            await send(.resultsArrived(query: query, names: names))
        } catch: { error, send in
            guard !(error is CancellationError) else { return }
            await send(.requestFailed(query: query, reason: "\(error)"))
        }
        .debounce(id: SearchRequest.inFlight, for: .milliseconds(300), scheduler: scheduler)
    }
}

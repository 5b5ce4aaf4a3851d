import ConcurrencyTestSupport
import Observation
import Redux
import Testing

/// A small app as a TCA user writes it: a searchable list of rows, a detail that may be shown,
/// all under one root, for views scoped from an observable store.
private struct Library: Equatable, Sendable {
    struct Book: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var isRead = false
    }

    struct Detail: Equatable, Sendable {
        var note = ""
    }

    struct Shelf: Equatable, Sendable {
        var search = ""
        var books: IdentifiedArrayOf<Book>
    }

    var shelf: Shelf
    var detail: Detail?
}

private enum BookAction: Sendable {
    case rename(String)
    case toggleRead
}

private enum ShelfAction: Sendable {
    case search(String)
    case book(Int, BookAction)
    case remove(Int)

    static let bookActions = ActionPath<ShelfAction, (Int, BookAction)>(
        embed: { .book($0.0, $0.1) },
        extract: {
            guard case .book(let id, let action) = $0 else { return nil }
            return (id, action)
        })
}

private enum LibraryAction: Sendable {
    case shelf(ShelfAction)
    case showDetail
    case note(String)

    static let shelfActions = ActionPath<LibraryAction, ShelfAction>(
        embed: { .shelf($0) },
        extract: {
            guard case .shelf(let action) = $0 else { return nil }
            return action
        })
    static let detailActions = ActionPath<LibraryAction, String>(
        embed: { .note($0) },
        extract: {
            guard case .note(let note) = $0 else { return nil }
            return note
        })
}

private let libraryReducer: MutatingReducer<Library, LibraryAction> = { library, action in
    switch action {
    case .shelf(.search(let query)): library.shelf.search = query
    case .shelf(.book(let id, .rename(let title))): library.shelf.books[id: id]?.title = title
    case .shelf(.book(let id, .toggleRead)): library.shelf.books[id: id]?.isRead.toggle()
    case .shelf(.remove(let id)): library.shelf.books.remove(id: id)
    case .showDetail: library.detail = Library.Detail()
    case .note(let note): library.detail?.note = note
    }
}

/// Scoped observable stores: nested features read their own state, with no root paths, and each
/// view is told only of what it read.
@Suite struct ObservableStoreScopeTests {
    private func library(books: Int = 10) -> ObservableStore<Library, LibraryAction> {
        let books = (0..<books).map { Library.Book(id: $0, title: "Book \($0)") }
        let initial = Library(shelf: .init(books: IdentifiedArray(uniqueElements: books)))
        return ObservableStore(Store(initial: initial, mutatingReducer: libraryReducer))
    }

    private func shelf(of model: ObservableStore<Library, LibraryAction>)
        -> ObservableStore<Library.Shelf, ShelfAction>
    {
        model.scope(state: \.shelf, action: LibraryAction.shelfActions)
    }

    @Test("ten row views reading row.state: a search keystroke tells 0 of 10, a rename 1 of 10")
    func rowStateIsItsOwnPart() {
        let shelf = shelf(of: library())
        let rows = (0..<10).map { id in
            shelf.scope(element: id, of: \.books, action: ShelfAction.bookActions)
        }
        let told = rows.map { row in invalidations { _ = row.state } }

        shelf.dispatch(.search("d"))
        #expect(told.map { $0.load() } == Array(repeating: 0, count: 10))

        rows[3].dispatch(.rename("Dune"))
        #expect(told.map { $0.load() } == (0..<10).map { $0 == 3 ? 1 : 0 })
        #expect(rows[3].state?.title == "Dune")
    }

    @Test("a row's fields read as row.title are tracked each on their own")
    func rowFieldsByMember() {
        let model = library(books: 3)
        let shelf = model.scope(state: \.shelf, action: LibraryAction.shelfActions)
        let row = shelf.scope(element: 1, of: \.books, action: ShelfAction.bookActions)
        let title = row.title   // told only when book 1's title changes; nil once it is gone
        #expect(title == "Book 1")
        let titleRead = invalidations { _ = row.title }
        let isRead = invalidations { _ = row.isRead }

        row.dispatch(.toggleRead)
        #expect(titleRead.load() == 0)
        #expect(isRead.load() == 1)
        #expect(row.isRead == true)

        let again = invalidations { _ = row.title }
        shelf.dispatch(.remove(1))
        #expect(again.load() == 1, "a row removed is a change of its fields: nil")
        #expect(row.title == nil)
        #expect(row.state == nil)
    }

    @Test("a scoped view's state and fields are told only when its slice changes")
    func scopedState() {
        let model = library(books: 2)
        let shelf = model.scope(state: \.shelf, action: LibraryAction.shelfActions)
        let whole = invalidations { _ = shelf.state }
        let search = invalidations { _ = shelf.search }

        model.dispatch(.showDetail)   // outside the shelf
        #expect(whole.load() == 0)
        #expect(search.load() == 0)

        shelf.dispatch(.search("x"))   // sent embedded to the root store
        #expect(whole.load() == 1)
        #expect(search.load() == 1)
        #expect(model.state.shelf.search == "x")
    }

    @Test("a child view is nil while its child is not there, and told when it comes")
    func childScope() {
        let model = library(books: 1)
        let detail = model.scope(child: \.detail, action: LibraryAction.detailActions)
        #expect(detail.state == nil)
        let note = invalidations { _ = detail.note }

        model.dispatch(.shelf(.search("unrelated")))
        #expect(note.load() == 0)
        model.dispatch(.showDetail)
        #expect(note.load() == 1)
        #expect(detail.note == "")

        let edited = invalidations { _ = detail.note }
        detail.dispatch("read again")
        #expect(edited.load() == 1)
        #expect(model.state.detail?.note == "read again")
    }
}

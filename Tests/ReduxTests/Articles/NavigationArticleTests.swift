// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

// The Navigation article (Sources/Redux/Redux.docc/Navigation.md) and the doc comments of
// `StackState`, `StackAction`, `forEach(_:stack:action:)`, `PresentationAction`,
// `PresentedMiddleware`, `ifLet(_:presented:action:)`, `Store.scope(screen:of:action:)` and
// `Store.scope(presented:action:)` show the code of the Navigation app of Examples/Apps; this
// is that code, as they quote it, compiled and tested.

struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

struct ItemDetail: Equatable, Sendable {
    var item: Item
    var seconds = 0
}

enum ItemDetailAction: Equatable, Sendable {
    case onAppear
    case tick
    case editTapped
}

let itemDetailReducer: MutatingReducer<ItemDetail, ItemDetailAction> = { detail, action in
    if action == .tick { detail.seconds += 1 }
}

let itemDetailTimer: Middleware<ItemDetail, ItemDetailAction> = { _, action in
    guard action == .onAppear else { return .none }
    @Dependency(\.clock) var clock
    return Effect.run { send in
        while true {
            do { try await clock.sleep(for: .seconds(1)) } catch { return }
            await send(.tick)
        }
    }
}

struct ItemList: Equatable, Sendable {
    var items: IdentifiedArrayOf<Item>
    var path = StackState<ItemDetail>()
    var edit: ItemEdit?
}

enum ItemListAction: Equatable, Sendable {
    case itemTapped(id: Int)
    case path(StackAction<ItemDetail, ItemDetailAction>)
    case edit(PresentationAction<ItemEditAction>)

    static let pathActions = ActionPath(ItemListAction.path) {
        if case .path(let action) = $0 { action } else { nil }
    }

    static let editActions = ActionPath(ItemListAction.edit) {
        if case .edit(let action) = $0 { action } else { nil }
    }
}

struct ItemEdit: Equatable, Sendable {
    let itemID: Int
    var title: String
}

enum ItemEditAction: Equatable, Sendable {
    case titleChanged(String)
    case saveTapped
}

let itemEditReducer: MutatingReducer<ItemEdit, ItemEditAction> = { edit, action in
    if case .titleChanged(let title) = action { edit.title = title }
}

let itemEditing: PresentedMiddleware<ItemEdit, ItemEditAction> = { _, action in
    action == .saveTapped ? .just(.dismiss) : .none
}

let itemListOwnReducer: MutatingReducer<ItemList, ItemListAction> = { list, action in
    switch action {
    case .itemTapped(let id):
        if let item = list.items[id: id] { list.path.append(ItemDetail(item: item)) }
    case .path(.element(let id, .editTapped)):
        if let item = list.path[id: id]?.item {
            list.edit = ItemEdit(itemID: item.id, title: item.title)
        }
    case .edit(.presented(.saveTapped)):
        guard let edit = list.edit else { return }
        list.items[id: edit.itemID]?.title = edit.title
        for id in list.path.ids where list.path[id: id]?.item.id == edit.itemID {
            list.path[id: id]?.item.title = edit.title
        }
    case .path, .edit:
        break
    }
}

let itemListReducer: MutatingReducer<ItemList, ItemListAction> = combine(
    forEach(itemDetailReducer, stack: \ItemList.path, action: ItemListAction.pathActions),
    ifLet(itemEditReducer, presented: \ItemList.edit, action: ItemListAction.editActions),
    itemListOwnReducer
)

let itemListMiddlewares: [AnyMiddleware<ItemList, ItemListAction>] = [
    forEach(itemDetailTimer, stack: \ItemList.path, action: ItemListAction.pathActions),
    ifLet(itemEditing, presented: \ItemList.edit, action: ItemListAction.editActions),
]

@Suite struct NavigationArticleTests {
    @Test("the article's test: the detail ticks under the sheet, which saves and closes itself")
    func detailAndSheet() {
        let store = TestStore(
            initial: ItemList(items: [Item(id: 1, title: "Eggs")]),
            mutatingReducer: itemListReducer,
            middlewares: itemListMiddlewares
        )
        store.send(.itemTapped(id: 1)) {
            $0.path.append(ItemDetail(item: Item(id: 1, title: "Eggs")))
        }
        store.send(.path(.element(id: 0, action: .onAppear)))
        store.advance(by: .seconds(1))
        store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
        store.send(.path(.element(id: 0, action: .editTapped))) {
            $0.edit = ItemEdit(itemID: 1, title: "Eggs")
        }
        store.send(.edit(.presented(.titleChanged("Brown eggs")))) { $0.edit?.title = "Brown eggs" }
        store.send(.edit(.presented(.saveTapped))) {
            $0.items[id: 1]?.title = "Brown eggs"
            $0.path[id: 0]?.item.title = "Brown eggs"
        }
        store.receive(.edit(.dismiss)) { $0.edit = nil }
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))   // the timer ended with its screen: nothing arrives
        store.finish()
    }

    @Test("a stack gives each pushed screen the next id, never one given before")
    func stackIDs() {
        var path = StackState<ItemDetail>()
        path.append(ItemDetail(item: Item(id: 1, title: "Eggs")))   // pushed as #0
        path.append(ItemDetail(item: Item(id: 2, title: "Milk")))   // pushed as #1
        path.popLast()                                              // back to #0
        path.append(ItemDetail(item: Item(id: 3, title: "Flour")))  // pushed as #2, not #1 again
        #expect(path.ids == [0, 2])
    }

    @Test("a screen's store and the sheet's store send their actions embedded")
    func scopedStores() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: ItemList(items: [Item(id: 1, title: "Eggs")]),
            mutatingReducer: itemListReducer,
            middlewares: itemListMiddlewares,
            dependencies: { $0.scheduler = AnyScheduler(scheduler) }
        )
        store.dispatch(.itemTapped(id: 1))
        let detail = store.scope(screen: 0, of: \ItemList.path, action: ItemListAction.pathActions)
        detail.dispatch(.onAppear)   // the store gets .path(.element(id: 0, action: .onAppear))
        detail.dispatch(.editTapped)
        let edit = store.scope(presented: \ItemList.edit, action: ItemListAction.editActions)
        edit.dispatch(.titleChanged("Brown eggs"))
        #expect(edit.state?.title == "Brown eggs")
        edit.dispatch(.saveTapped)
        #expect(edit.state == nil)
        #expect(detail.state?.item.title == "Brown eggs")
        store.dispatch(.path(.popFrom(id: 0)))
        #expect(detail.state == nil)
    }
}

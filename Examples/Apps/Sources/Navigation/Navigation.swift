import Effects
import Redux

// A list of items; tapping one pushes its detail screen, whose timer counts the seconds it has
// been open; the detail's Edit button presents a sheet that edits the item's title and closes
// itself on Save. The detail's timer stops when its screen is popped, however it is popped.

/// One item of the list.
public struct Item: Identifiable, Equatable, Sendable {
    /// Which item it is.
    public let id: Int
    /// What the list shows.
    public var title: String

    /// An item with a title.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The detail screen of one item, pushed on the list's stack.
public struct ItemDetail: Equatable, Sendable {
    /// The item it shows.
    public var item: Item
    /// The seconds the screen has been open.
    public var seconds = 0

    /// The detail of `item`, just opened.
    public init(item: Item) {
        self.item = item
    }
}

/// What can happen on a detail screen.
public enum ItemDetailAction: Equatable, Sendable {
    /// The screen appeared: its timer starts.
    case onAppear
    /// A second went by.
    case tick
    /// The user tapped Edit: the list presents the edit sheet.
    case editTapped
}

/// Counts a second on each tick.
public let itemDetailReducer: MutatingReducer<ItemDetail, ItemDetailAction> = { detail, action in
    if action == .tick { detail.seconds += 1 }
}

/// The detail's timer: a tick every second on the store's clock, from `.onAppear` until the
/// screen is popped (the stack's `forEach` ends it).
public let itemDetailTimer: Middleware<ItemDetail, ItemDetailAction> = { _, action in
    guard action == .onAppear else { return .none }
    @Dependency(\.clock) var clock
    return Effect.run { send in
        while true {
            do { try await clock.sleep(for: .seconds(1)) } catch { return }
            await send(.tick)
        }
    }
}

/// The edit sheet: the item it edits, and the title as typed so far.
public struct ItemEdit: Equatable, Sendable {
    /// The item being edited.
    public let itemID: Int
    /// The title as typed.
    public var title: String

    /// A sheet editing the item `itemID`, starting from its title.
    public init(itemID: Int, title: String) {
        self.itemID = itemID
        self.title = title
    }
}

/// What can happen on the edit sheet.
public enum ItemEditAction: Equatable, Sendable {
    /// The user typed.
    case titleChanged(String)
    /// The user tapped Save: the list takes the title, and the sheet closes itself.
    case saveTapped
}

/// Keeps the title as typed.
public let itemEditReducer: MutatingReducer<ItemEdit, ItemEditAction> = { edit, action in
    if case .titleChanged(let title) = action { edit.title = title }
}

/// The sheet closes itself once saved.
public let itemEditing: PresentedMiddleware<ItemEdit, ItemEditAction> = { _, action in
    action == .saveTapped ? .just(.dismiss) : .none
}

/// The list, the stack of detail screens over it, and the edit sheet over both.
public struct ItemList: Equatable, Sendable {
    /// The items, in order.
    public var items: IdentifiedArrayOf<Item>
    /// The detail screens pushed over the list, the last on top.
    public var path = StackState<ItemDetail>()
    /// The edit sheet, while it shows.
    public var edit: ItemEdit?

    /// A list of `items`, nothing pushed or presented.
    public init(items: IdentifiedArrayOf<Item>) {
        self.items = items
    }
}

/// What can happen to the list, its stack and its sheet.
public enum ItemListAction: Equatable, Sendable {
    /// The user tapped an item: its detail is pushed.
    case itemTapped(id: Int)
    /// Something happened on the stack: a detail's action, a push or a pop.
    case path(StackAction<ItemDetail, ItemDetailAction>)
    /// Something happened on the edit sheet, or it was dismissed.
    case edit(PresentationAction<ItemEditAction>)

    /// Where the stack's actions sit among the list's.
    public static let pathActions = ActionPath(ItemListAction.path) {
        if case .path(let action) = $0 { action } else { nil }
    }

    /// Where the sheet's actions sit among the list's.
    public static let editActions = ActionPath(ItemListAction.edit) {
        if case .edit(let action) = $0 { action } else { nil }
    }
}

/// The list's own part: pushing a detail, presenting the sheet, and taking a saved title.
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

/// The app's reducer: the detail screens and the sheet first, then the list.
public let itemListReducer: MutatingReducer<ItemList, ItemListAction> = combine(
    forEach(itemDetailReducer, stack: \ItemList.path, action: ItemListAction.pathActions),
    ifLet(itemEditReducer, presented: \ItemList.edit, action: ItemListAction.editActions),
    itemListOwnReducer
)

/// The app's middlewares: each detail's timer, ending when its screen is popped, and the
/// sheet, which closes itself.
public let itemListMiddlewares: [AnyMiddleware<ItemList, ItemListAction>] = [
    forEach(itemDetailTimer, stack: \ItemList.path, action: ItemListAction.pathActions),
    ifLet(itemEditing, presented: \ItemList.edit, action: ItemListAction.editActions),
]

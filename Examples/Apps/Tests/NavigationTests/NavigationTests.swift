import Effects
import Navigation
import Redux
import ReduxTesting
import Testing

private func makeStore() -> TestStore<ItemList, ItemListAction> {
    TestStore(
        initial: ItemList(items: [Item(id: 1, title: "Eggs"), Item(id: 2, title: "Milk")]),
        mutatingReducer: itemListReducer,
        middlewares: itemListMiddlewares
    )
}

@Suite struct NavigationTests {
    @Test("tapping an item pushes its detail, whose timer ticks until the detail is popped")
    func detailTicksUntilPopped() async {
        let store = makeStore()
        await store.send(.itemTapped(id: 2)) {
            $0.path.append(ItemDetail(item: Item(id: 2, title: "Milk")))
        }
        await store.send(.path(.element(id: 0, action: .onAppear)))
        store.advance(by: .seconds(1))
        await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
        store.advance(by: .seconds(1))
        await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 2 }
        await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("a detail pushed over another gets the next id; popping it leaves the first one ticking")
    func twoDetails() async {
        let store = makeStore()
        await store.send(.itemTapped(id: 1)) {
            $0.path.append(ItemDetail(item: Item(id: 1, title: "Eggs")))
        }
        await store.send(.path(.element(id: 0, action: .onAppear)))
        await store.send(.itemTapped(id: 2)) {
            $0.path.append(ItemDetail(item: Item(id: 2, title: "Milk")))
        }
        await store.send(.path(.element(id: 1, action: .onAppear)))
        store.advance(by: .seconds(1))
        await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
        await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.seconds = 1 }
        await store.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        store.advance(by: .seconds(1))
        await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 2 }
        await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("the edit sheet saves the title into the list and the detail, then closes itself")
    func editSheetSavesAndCloses() async {
        let store = makeStore()
        await store.send(.itemTapped(id: 1)) {
            $0.path.append(ItemDetail(item: Item(id: 1, title: "Eggs")))
        }
        await store.send(.path(.element(id: 0, action: .onAppear)))
        await store.send(.path(.element(id: 0, action: .editTapped))) {
            $0.edit = ItemEdit(itemID: 1, title: "Eggs")
        }
        await store.send(.edit(.presented(.titleChanged("Brown eggs")))) {
            $0.edit?.title = "Brown eggs"
        }
        await store.send(.edit(.presented(.saveTapped))) {
            $0.items[id: 1]?.title = "Brown eggs"
            $0.path[id: 0]?.item.title = "Brown eggs"
        }
        await store.receive(.edit(.dismiss)) { $0.edit = nil }
        // The detail under the sheet ticks on.
        store.advance(by: .seconds(1))
        await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
        await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("dismissing the sheet without saving keeps the title")
    func dismissWithoutSaving() async {
        let store = makeStore()
        await store.send(.itemTapped(id: 2)) {
            $0.path.append(ItemDetail(item: Item(id: 2, title: "Milk")))
        }
        await store.send(.path(.element(id: 0, action: .editTapped))) {
            $0.edit = ItemEdit(itemID: 2, title: "Milk")
        }
        await store.send(.edit(.presented(.titleChanged("Oat milk")))) {
            $0.edit?.title = "Oat milk"
        }
        await store.send(.edit(.dismiss)) { $0.edit = nil }
        await store.finish()
    }
}

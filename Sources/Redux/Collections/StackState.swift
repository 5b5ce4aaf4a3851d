/// The id of one screen on a ``StackState``: the stack gives each screen pushed the next one,
/// counting from 0, never the same twice, so an action meant for a popped screen never reaches
/// one pushed later. Tests write ids as integers: `.element(id: 0, action: .tick)`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The id's number: the count of screens the stack had given ids before this one.
    public let rawValue: Int

    /// The id with the given number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The id with the given number, written as an integer.
    public init(integerLiteral value: Int) { self.init(rawValue: value) }

    /// Orders ids as they were given: the older first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, `#3`.
    public var description: String { "#\(rawValue)" }
}

import Effects

struct StackElement<Screen>: Identifiable {
    let id: StackElementID
    var screen: Screen
}

extension StackElement: Equatable where Screen: Equatable {}
extension StackElement: Sendable where Screen: Sendable {}

/// A navigation stack: the screens pushed over a root, the last on top, each with an id the
/// stack gives it (TCA's `StackState`).
///
/// Keep it in the state of the feature that owns the stack, and lift the screens' reducer and
/// middleware with ``forEach(_:stack:action:)->MutatingReducer<State,Action>`` and
/// ``forEach(_:stack:action:)-(AnyMiddleware<Screen,ScreenAction>,_,_)``: every effect a screen starts
/// ends when the screen leaves the stack, however it leaves.
///
/// ```swift
/// var path = StackState<ItemDetail>()
/// path.append(ItemDetail(item: Item(id: 1, title: "Eggs")))   // pushed as #0
/// path.append(ItemDetail(item: Item(id: 2, title: "Milk")))   // pushed as #1
/// path.popLast()                                              // back to #0
/// path.append(ItemDetail(item: Item(id: 3, title: "Flour")))  // pushed as #2, not #1 again
/// ```
public struct StackState<Screen> {
    /// What `forEach` lifts a screen's reducer and middleware over.
    var elements: IdentifiedArray<StackElement<Screen>> = []
    private var nextID = 0
    /// Which stack this is, of all made in the process (not part of `==`): a new stack's ids
    /// start again at 0, so `forEach(_:stack:action:)` tells a replaced stack by its origin.
    let origin = stackOrigins.withLock { count in
        count += 1
        return count
    }

    /// An empty stack: only the root shows.
    public init() {}

    /// A stack of `screens`, the first at the bottom, with the ids 0, 1, 2, ...
    public init(_ screens: some Sequence<Screen>) {
        for screen in screens { append(screen) }
    }

    /// The ids of the screens, bottom first, in O(n).
    public var ids: [StackElementID] { Array(elements.ids) }

    /// The screen with id `id`, nil when it is not on the stack; set it to change that screen
    /// (O(1)), or to nil to pop it alone (O(n)).
    public subscript(id id: StackElementID) -> Screen? {
        get { elements[id: id]?.screen }
        set {
            if let newValue {
                _ = elements.modify(id: id) { $0.screen = newValue }
            } else {
                _ = elements.remove(id: id)
            }
        }
    }

    /// Pushes `screen` on top, with the next id, in O(1) amortized.
    public mutating func append(_ screen: Screen) {
        elements.append(StackElement(id: StackElementID(rawValue: nextID), screen: screen))
        nextID += 1
    }

    /// Pops the top screen and returns it, or nil when only the root shows, in O(1).
    @discardableResult
    public mutating func popLast() -> Screen? {
        elements.isEmpty ? nil : elements.removeLast().screen
    }

    /// Pops every screen, back to the root, in O(n).
    public mutating func removeAll() { elements.removeAll() }

    /// Pops the screen with id `id` and every screen above it, in O(k) for the k popped; false
    /// (nothing popped) when it is not on the stack.
    @discardableResult
    public mutating func pop(from id: StackElementID) -> Bool {
        guard let index = elements.index(id: id) else { return false }
        // From the top down: removing the last element moves nothing.
        while elements.count > index { elements.removeLast() }
        return true
    }

    /// Pops every screen above the one with id `id`, in O(k) for the k popped; false (nothing
    /// popped) when it is not on the stack.
    @discardableResult
    public mutating func pop(to id: StackElementID) -> Bool {
        guard let index = elements.index(id: id) else { return false }
        while elements.count > index + 1 { elements.removeLast() }
        return true
    }
}

extension StackState: RandomAccessCollection {
    /// The position of the bottom screen: 0.
    public var startIndex: Int { 0 }
    /// The position after the top screen: the number of screens.
    public var endIndex: Int { elements.count }
    /// The screen at `position` in `0..<count`, from the bottom.
    public subscript(position: Int) -> Screen { elements[position].screen }
}

extension StackState: Equatable where Screen: Equatable {
    /// Whether the two stacks hold the same screens under the same ids, in the same order.
    public static func == (lhs: StackState, rhs: StackState) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension StackState: Sendable where Screen: Sendable {}

private let stackOrigins = Lock(0)

extension StackState: CustomStringConvertible, CustomReflectable {
    /// The screens with their ids, bottom first: `[#0: Detail(...), #1: Detail(...)]`.
    public var description: String {
        "[" + elements.map { "\($0.id): \($0.screen)" }.joined(separator: ", ") + "]"
    }

    /// The screens, each labelled with its id, so that a `TestStore`'s failures name the screen
    /// that differs: `#1.seconds: 2 → 3`.
    public var customMirror: Mirror {
        let screens = elements.map { (label: "\($0.id)" as String?, value: $0.screen as Any) }
        return Mirror(self, children: screens, displayStyle: .struct)
    }
}

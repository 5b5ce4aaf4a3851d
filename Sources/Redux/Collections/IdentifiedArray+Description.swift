extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array's are: `[Todo(id: 1, …), Todo(id: 2, …)]`.
    ///
    /// - Complexity: O(n).
    public var description: String {
        var text = "["
        for (position, element) in enumerated() {
            if position > 0 { text += ", " }
            debugPrint(element, terminator: "", to: &text)
        }
        return text + "]"
    }
}

extension IdentifiedArray: CustomReflectable {
    /// A mirror of the elements as a collection, so that `dump`,
    /// a `TestStore`'s failures and the logging interceptor's changes show an identified array
    /// as they show an array.
    ///
    /// - Complexity: O(n).
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}

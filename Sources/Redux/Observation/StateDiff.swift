/// The differences between two values, as field paths with their old and new descriptions.
///
/// Built by walking both values with `Mirror`: structs and classes by field name, collections by
/// index, dictionaries by key (in a stable order), and anything else (numbers, strings, enums)
/// compared by its description. The logging interceptor prints it after each action, and
/// `TestStore` uses it to show how an expected state differs from the actual one.
package struct StateDiff: Equatable, Sendable, CustomStringConvertible {
    /// One changed field.
    package struct Change: Equatable, Sendable {
        /// Where the field is, for example `cards[3].isFlipped`; empty for the root.
        package var path: String
        /// The field's description before.
        package var old: String
        /// The field's description after.
        package var new: String
    }

    /// The changed fields, in the order of the value's layout.
    package var changes: [Change]

    /// Compares `old` with `new`.
    package init<Value>(from old: Value, to new: Value) {
        var changes: [Change] = []
        Self.compare(old, new, path: "", into: &changes)
        self.changes = changes
    }

    /// Whether nothing differs.
    package var isEmpty: Bool {
        changes.isEmpty
    }

    /// One line per change: `path: old → new`.
    package var description: String {
        changes.map { change in
            "\(change.path.isEmpty ? "(value)" : change.path): \(change.old) → \(change.new)"
        }.joined(separator: "\n")
    }

    private static func compare(_ old: Any, _ new: Any, path: String, into changes: inout [Change])
    {
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)

        switch (oldMirror.displayStyle, newMirror.displayStyle) {
        case (.struct, .struct), (.class, .class), (.tuple, .tuple), (.collection, .collection):
            let isCollection = oldMirror.displayStyle == .collection
            let oldChildren = Array(oldMirror.children)
            let newChildren = Array(newMirror.children)
            if oldChildren.count == newChildren.count, isCollection || !oldChildren.isEmpty {
                for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
                    // Mirror labels unlabelled tuple elements ".0", ".1"…; the dot is added here.
                    var name = oldChild.label ?? "\(index)"
                    if name.hasPrefix(".") { name.removeFirst() }
                    let childPath =
                        isCollection ? "\(path)[\(index)]" : path.isEmpty ? name : "\(path).\(name)"
                    compare(oldChild.value, newChild.value, path: childPath, into: &changes)
                }
                return
            }
        case (.dictionary, .dictionary):
            let oldEntries = entries(of: oldMirror)
            let newEntries = entries(of: newMirror)
            for key in Set(oldEntries.keys).union(newEntries.keys).sorted() {
                let entryPath = "\(path)[\(key)]"
                switch (oldEntries[key], newEntries[key]) {
                case (let oldValue?, let newValue?):
                    compare(oldValue, newValue, path: entryPath, into: &changes)
                case (let oldValue?, nil):
                    changes.append(Change(path: entryPath, old: describe(oldValue), new: "(none)"))
                case (nil, let newValue?):
                    changes.append(Change(path: entryPath, old: "(none)", new: describe(newValue)))
                case (nil, nil):
                    break
                }
            }
            return
        case (.set, .set):
            // Iteration order says nothing about a set: compare the members' descriptions.
            let oldMembers = oldMirror.children.map { describe($0.value) }.sorted()
            let newMembers = newMirror.children.map { describe($0.value) }.sorted()
            if oldMembers != newMembers {
                let list = { (members: [String]) in "[" + members.joined(separator: ", ") + "]" }
                changes.append(Change(path: path, old: list(oldMembers), new: list(newMembers)))
            }
            return
        case (.optional, .optional):
            if let oldValue = oldMirror.children.first?.value,
                let newValue = newMirror.children.first?.value
            {
                compare(oldValue, newValue, path: path, into: &changes)
                return
            }
        default:
            break
        }

        let oldDescription = describe(old)
        let newDescription = describe(new)
        if oldDescription != newDescription {
            changes.append(Change(path: path, old: oldDescription, new: newDescription))
        }
    }

    private static func entries(of mirror: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries[describe(pair[0].value)] = pair[1].value
        }
        return entries
    }

    private static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped)
        }
        if let string = value as? String { return "\"\(string)\"" }
        return String(describing: value)
    }
}

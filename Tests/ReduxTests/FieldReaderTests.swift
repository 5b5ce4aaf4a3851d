@testable import Redux
import Testing

/// The reader an observable store compares fields with: at the field's offset for stored
/// properties, through the key path otherwise, the same value either way.
@Suite struct FieldReaderTests {
    @Test("a stored field is read at its offset, and is the field's value")
    func storedField() {
        let reader = FieldReader(\Profile.name)
        #expect(reader.offset != nil)
        #expect(reader.read(Profile(name: "Ada")) == "Ada")
        #expect(reader.read(Profile(name: "Grace")) == "Grace")
    }

    @Test("fields of fields, tuple elements and enum values are stored too")
    func nestedStoredFields() {
        let profile = Profile(
            name: "Ada", preferences: Preferences(volume: 7, corner: (3, 4)),
            status: .away("lunch"))
        let volume = FieldReader(\Profile.preferences.volume)
        let corner = FieldReader(\Profile.preferences.corner.1)
        let status = FieldReader(\Profile.status)
        #expect(volume.offset != nil && corner.offset != nil && status.offset != nil)
        #expect(volume.read(profile) == 7)
        #expect(corner.read(profile) == 4)
        #expect(status.read(profile) == .away("lunch"))
    }

    @Test("the whole value, `\\.self`, is read at offset zero")
    func identity() {
        let reader = FieldReader(\Profile.self)
        #expect(reader.offset == 0)
        #expect(reader.read(Profile(name: "Ada")).name == "Ada")
    }

    @Test("computed properties, optional chains and classes are read through the key path")
    func notStored() {
        let profile = Profile(name: "Ada", friend: Profile.Friend(name: "Grace"))
        let initial = FieldReader(\Profile.initial)
        let friend = FieldReader(\Profile.friend?.name)
        let throughClass = FieldReader(\Profile.owner.name)
        let classRoot = FieldReader(\Owner.name)
        #expect(initial.offset == nil)
        #expect(friend.offset == nil)
        #expect(throughClass.offset == nil)
        #expect(classRoot.offset == nil)
        #expect(initial.read(profile) == "A")
        #expect(friend.read(profile) == "Grace")
        #expect(throughClass.read(profile) == "owner")
        #expect(classRoot.read(Owner()) == "owner")
    }

    @Test("a value read at its offset is a copy that holds what it holds, after the root is gone")
    func readValueOwnsItsReferences() {
        weak var released: Owner?
        var read: Owner?
        do {
            let owner = Owner()
            released = owner
            let reader = FieldReader(\Profile.owner)
            #expect(reader.offset != nil)
            read = reader.read(Profile(name: "Ada", owner: owner))
        }
        // The profile and the local are gone: the copy read keeps the object alive...
        #expect(released != nil)
        #expect(read?.name == "owner")
        // ...and lets it go with itself: the read took one reference, and gave one back.
        read = nil
        #expect(released == nil)
    }
}

private struct Profile {
    struct Friend {
        var name: String
    }

    var name: String
    var preferences = Preferences(volume: 0, corner: (0, 0))
    var status = Status.here
    var friend: Friend?
    var owner = Owner()

    var initial: String { String(name.prefix(1)) }
}

private struct Preferences {
    var volume: Int
    var corner: (Int, Int)
}

private enum Status: Equatable {
    case here
    case away(String)
}

private final class Owner: Sendable {
    let name = "owner"
}

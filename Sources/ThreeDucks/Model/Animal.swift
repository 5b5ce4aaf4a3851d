/// The picture on the face of a card.
///
/// There are ten animals, enough for ten pairs on the hardest level. Decks use the first
/// ``Difficulty/pairCount`` animals in declaration order, so ducks are in every game. The raw
/// value is the animal's name, in lowercase, and is what recordings store.
public enum Animal: String, CaseIterable, Codable, Hashable, Sendable {
    /// A bat.
    case bat
    /// Ducks: the game's namesake, and the card that quacks.
    case ducks
    /// A bear.
    case bear
    /// A pelican.
    case pelican
    /// A horse.
    case horse
    /// An elephant.
    case elephant
    /// An owl.
    case owl
    /// A frog.
    case frog
    /// A fox.
    case fox
    /// A whale.
    case whale

    /// The animal's name for display, capitalised: "Ducks", "Pelican".
    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The animal's name in the plural, lowercase, as in "a pair of pelicans": "bats", "ducks",
    /// "foxes".
    ///
    /// The raw values name one animal, except ``ducks``, which is plural already (the game is
    /// named after them); English plurals are not a rule to compute, so each is written out.
    public var pluralName: String {
        switch self {
        case .bat: "bats"
        case .ducks: "ducks"
        case .bear: "bears"
        case .pelican: "pelicans"
        case .horse: "horses"
        case .elephant: "elephants"
        case .owl: "owls"
        case .frog: "frogs"
        case .fox: "foxes"
        case .whale: "whales"
        }
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements, in order, as a plain array.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Complexity: O(n).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(element)
        }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements, in order.
    ///
    /// An array with two elements of the same id is refused: decoding throws
    /// `DecodingError.dataCorrupted`, whose description names the id and both positions, and
    /// whose coding path leads to the second element.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Complexity: O(n).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        if let count = container.count {
            slots.reserveCapacity(count)
            idStorage.reserveCapacity(count)
        }
        while !container.isAtEnd {
            let position = container.currentIndex
            let element = try container.decode(Element.self)
            let (inserted, first) = append(element)
            guard inserted else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath + [PositionKey(position)],
                        debugDescription:
                            "IdentifiedArray: the id \(element.id) appears twice, at positions \(first) and \(position)"
                    ))
            }
        }
    }
}

/// The coding key of a position in an unkeyed container, for an error's coding path.
private struct PositionKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ position: Int) {
        intValue = position
        stringValue = "Index \(position)"
    }

    init?(intValue: Int) {
        self.init(intValue)
    }

    init?(stringValue: String) {
        return nil
    }
}

import Foundation

// The format of the high-score file: version-1 JSON, read strictly, written back with whatever
// it held that this version does not know.
extension HighScoreFile {
    /// What a high-score file holds: the best score at each level this version knows, and, kept
    /// as they were, the levels and fields it does not know, so that a save never drops what a
    /// later version of the game wrote.
    struct Document: Equatable, Sendable {
        /// The best score at each level this version knows.
        var scores: [Difficulty: HighScore] = [:]
        /// The scores at levels this version does not know, by the level's key.
        var otherScores: [String: JSONValue] = [:]
        /// The fields beside `version` and `scores`.
        var otherFields: [String: JSONValue] = [:]

        /// Keeps, level by level, the better of the score already here and the one in `newScores`.
        mutating func merge(_ newScores: [Difficulty: HighScore]) {
            for (difficulty, score) in newScores where score.isBetter(than: scores[difficulty]) {
                scores[difficulty] = score
            }
        }
    }

    /// A key of a JSON object whose keys are not known in advance.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) {
            self.stringValue = stringValue
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    /// The file's JSON object, field by field. Its version has been checked before it is read.
    private struct Contents: Codable {
        /// The scores at the levels this version knows, as written (their moves still unchecked).
        var scores: [Difficulty: Entry] = [:]
        var otherScores: [String: JSONValue] = [:]
        var otherFields: [String: JSONValue] = [:]

        init(_ document: Document) {
            for (difficulty, score) in document.scores {
                scores[difficulty] = Entry(moves: score.moves, date: score.date)
            }
            otherScores = document.otherScores
            otherFields = document.otherFields
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let scoresContainer = try container.nestedContainer(
                keyedBy: AnyKey.self, forKey: AnyKey("scores"))
            for key in scoresContainer.allKeys {
                if let difficulty = Difficulty(rawValue: key.stringValue) {
                    scores[difficulty] = try scoresContainer.decode(Entry.self, forKey: key)
                } else {
                    otherScores[key.stringValue] = try scoresContainer.decode(
                        JSONValue.self, forKey: key)
                }
            }
            for key in container.allKeys
            where key.stringValue != "version" && key.stringValue != "scores" {
                otherFields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in otherFields {
                try container.encode(value, forKey: AnyKey(key))
            }
            try container.encode(HighScoreFile.version, forKey: AnyKey("version"))
            var scoresContainer = container.nestedContainer(
                keyedBy: AnyKey.self, forKey: AnyKey("scores"))
            for (key, value) in otherScores {
                try scoresContainer.encode(value, forKey: AnyKey(key))
            }
            for (difficulty, entry) in scores {
                try scoresContainer.encode(entry, forKey: AnyKey(difficulty.rawValue))
            }
        }
    }

    private struct Entry: Codable {
        var moves: Int
        var date: Date

        init(moves: Int, date: Date) {
            self.moves = moves
            self.date = date
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                moves = try container.decode(Int.self, forKey: .moves)
            } catch let error as DecodingError {
                throw error
            } catch {
                // A number that is no Int (12.5, 1e30) fails with an error of Foundation's own,
                // which it reports as invalid JSON with no path; say which field it is instead.
                throw DecodingError.typeMismatch(
                    Int.self,
                    DecodingError.Context(
                        codingPath: container.codingPath + [CodingKeys.moves],
                        debugDescription: "not a whole number")
                )
            }
            date = try container.decode(Date.self, forKey: .date)
        }
    }

    private struct Header: Decodable {
        var version: Int?
        /// Whether there is a version that is not a whole number (text, 1.5, 1e30).
        var hasMalformedVersion = false

        private enum CodingKeys: String, CodingKey {
            case version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                version = try container.decodeIfPresent(Int.self, forKey: .version)
            } catch {
                hasMalformedVersion = true
            }
        }
    }

    struct DecodingProblem: Error {
        var problem: HighScoreFileError.Problem
    }

    /// The file's bytes for `document`: pretty-printed JSON, keys sorted, then a newline.
    static func encode(_ document: Document) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Encoding integers, strings, dates and values that were decoded from JSON cannot fail.
        let data = (try? encoder.encode(Contents(document))) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// The document in a file's bytes, or what is wrong with them.
    static func decode(_ bytes: [UInt8]) -> Result<Document, DecodingProblem> {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(DecodingProblem(problem: .empty))
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601

        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .failure(DecodingProblem(problem: .notJSON))
        } catch {
            return .failure(DecodingProblem(problem: .unexpectedFormat("it is not a JSON object")))
        }
        if header.hasMalformedVersion {
            return .failure(
                DecodingProblem(problem: .unexpectedFormat("its version is not a whole number")))
        }
        guard let version = header.version else {
            return .failure(DecodingProblem(problem: .unexpectedFormat("it has no version")))
        }
        guard version == Self.version else {
            return .failure(DecodingProblem(problem: .unsupportedVersion(version)))
        }

        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: data)
        } catch {
            return .failure(DecodingProblem(problem: .unexpectedFormat(describe(error))))
        }
        var document = Document(
            otherScores: contents.otherScores, otherFields: contents.otherFields)
        for difficulty in Difficulty.allCases {
            guard let entry = contents.scores[difficulty] else { continue }
            guard entry.moves > 0 else {
                return .failure(
                    DecodingProblem(
                        problem: .unexpectedFormat(
                            "the \(difficulty.rawValue) score has \(entry.moves) moves")))
            }
            document.scores[difficulty] = HighScore(moves: entry.moves, date: entry.date)
        }
        return .success(document)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return parent.isEmpty
                ? "\"\(key.stringValue)\" is missing" : "\(parent) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            return "\(path(context)) is not valid (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }
}

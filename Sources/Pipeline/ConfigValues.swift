import Foundation
import Imaging

/// Config values that, like their flags, take more than one JSON type. Each decodes whatever
/// JSON gives and keeps it, so `GeneratorConfig.apply` can refuse a wrong value with the same
/// message and exit status as the flag (a range is a usage error; a wrong word is exit 1).
extension GeneratorConfig {
    /// `"xcassets"`: `true` (the catalog `Emoticons.xcassets`), `false` (none) or a name
    /// (`"Stickers"`: `Stickers.xcassets`), as `--xcassets` and `--xcassets=NAME`.
    public enum CatalogSetting: Decodable, Sendable, Equatable {
        case enabled(Bool)
        case named(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .enabled(flag)
            } else if let name = try? container.decode(String.self) {
                self = .named(name)
            } else {
                throw DecodingError.typeMismatch(
                    CatalogSetting.self, .init(codingPath: decoder.codingPath, debugDescription: "expected true, false or a catalog name"))
            }
        }

        /// The catalog's name, or nil for none.
        var name: String? {
            switch self {
            case .enabled(let on): return on ? AssetCatalogWriter.defaultName : nil
            case .named(let name): return name
            }
        }
    }

    /// `"compression"`: a zlib level (0-9, checked against `OptionRanges.compression` like the
    /// flag) or `"max"` (`PNGEncoder.maximum`), as `--compression`.
    public enum CompressionSetting: Decodable, Sendable, Equatable {
        case level(Double)
        case word(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self) {
                self = .word(word)
            } else if (try? container.decode(Bool.self)) == nil, let level = try? container.decode(Double.self) {
                self = .level(level)
            } else {
                throw DecodingError.typeMismatch(
                    CompressionSetting.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a whole number from 0-9 or \"max\""))
            }
        }

        /// The encoder this setting asks for, starting from `encoder`; nil for a word other than `max`.
        func applied(to encoder: PNGEncoder) -> PNGEncoder? {
            switch self {
            case .word("max"): return .maximum
            case .word: return nil
            case .level(let level):
                var result = encoder
                result.compressionLevel = Int(level)
                return result
            }
        }
    }
}

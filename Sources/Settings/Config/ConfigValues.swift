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
            case .enabled(let on): return on ? AssetCatalogName.defaultName : nil
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

extension GeneratorConfig {
    /// The numbers this config sets at a config key of the settings table (`grid.columns`; every
    /// width of `widths`; a `compression` level), as decoded. Read by name: the decoded values'
    /// property names are the config keys (`CodingKeys` renames none), so a ranged row needs no
    /// entry of its own here.
    func numbers(at key: String) -> [Double] {
        var value: Any? = self
        for part in key.split(separator: ".") {
            value = value.flatMap { Mirror(reflecting: $0).children.first { $0.label == String(part) } }.flatMap { Self.unwrapped($0.value) }
        }
        switch value {
        case let number as Int: return [Double(number)]
        case let number as Double: return [number]
        case let numbers as [Int]: return numbers.map(Double.init)
        case .level(let level) as CompressionSetting: return [level]
        default: return []
        }
    }

    /// The value inside any number of optionals; nil when one is empty.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let some = mirror.children.first else { return nil }
        return unwrapped(some.value)
    }
}

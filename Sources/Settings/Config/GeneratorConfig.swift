import EmoticonPacks
import FileAccess
import Foundation
import KeyboardLayout
import TextMatching

/// A JSON config file (`emokit generate --config emokit.json`) for builds that run emokit the
/// same way every time. Every key is optional; command-line flags override it. Paths are
/// relative to the config file's folder. Unknown keys are errors (a typo must not be ignored).
///
/// ```json
/// { "packs": ["Packs"], "out": "build/emoticons", "widths": [375, 414], "scales": [2, 3],
///   "layout": "classic",
///   "grid": { "columns": 8, "rows": 4, "rowHeight": 50, "iconSize": 32,
///             "insets": { "top": 0, "left": 0, "bottom": 0, "right": 0 },
///             "columnSpacing": 0, "rowSpacing": 0, "snapToPixels": false },
///   "metrics": { "toolbarHeight": 50, "pageControlHeight": 30, "tabBarHeight": 37,
///                "gridTop": 0, "pageControlTop": 200, "keyboardHeight": 267 },
///   "colors": { "background": "#F4F4F6", "pageDot": "#CECECE", "currentPageDot": "#797979",
///               "tabBarBackground": "#FFFFFF", "selectedTab": "#E3E3E8", "dark": { "background": "#1C1C1E" } },
///   "locale": "cn", "deleteIcon": "icons/delete.png", "emojiFont": "/path/NotoColorEmoji.ttf",
///   "emojiImages": "twemoji/72x72", "missingGlyph": "fail", "lenient": false,
///   "maxPlistSizeMB": 10, "compression": 6, "preview": true, "xcassets": "Emoticons", "web": false,
///   "emojiKeyboard": true, "emojiData": "emoji-test.txt", "cldr": "cldr/common" }
/// ```
public struct GeneratorConfig: Decodable, Sendable {
    public struct Grid: Decodable, Sendable {
        var columns: Int?; var rows: Int?; var rowHeight: Double?; var iconSize: Double?
        var insets: Insets?; var columnSpacing: Double?; var rowSpacing: Double?; var snapToPixels: Bool?
    }
    public struct Insets: Decodable, Sendable { var top: Double?; var left: Double?; var bottom: Double?; var right: Double? }
    public struct Metrics: Decodable, Sendable {
        var toolbarHeight: Double?; var pageControlHeight: Double?; var tabBarHeight: Double?
        var gridTop: Double?; var pageControlTop: Double?; var keyboardHeight: Double?
    }
    /// Colour keys as the manifest names them (`pageDot`), with `dark` holding the same keys.
    public struct Colors: Decodable, Sendable {
        struct Palette: Decodable, Sendable {
            var background: String?; var pageDot: String?; var currentPageDot: String?; var tabBarBackground: String?; var selectedTab: String?
        }
        var background: String?; var pageDot: String?; var currentPageDot: String?; var tabBarBackground: String?; var selectedTab: String?
        var dark: Palette?

        /// The value set for a key of `KeyboardColors.settings` (`pageDot`, `dark.pageDot`).
        func value(_ key: String) -> String? {
            let isDark = key.hasPrefix("dark.")
            let name = isDark ? String(key.dropFirst(5)) : key
            let palette =
                isDark
                ? dark
                : Palette(
                    background: background, pageDot: pageDot, currentPageDot: currentPageDot,
                    tabBarBackground: tabBarBackground, selectedTab: selectedTab)
            switch name {
            case "background": return palette?.background
            case "pageDot": return palette?.pageDot
            case "currentPageDot": return palette?.currentPageDot
            case "tabBarBackground": return palette?.tabBarBackground
            case "selectedTab": return palette?.selectedTab
            default: return nil
            }
        }
    }

    public var packs: [String]?
    public var out: String?
    public var widths: [Int]?
    public var scales: [Int]?
    /// A named keyboard (`classic`, `weibo`) that `grid` and `metrics` refine.
    public var layout: String?
    public var grid: Grid?
    public var metrics: Metrics?
    public var colors: Colors?
    public var locale: String?
    public var deleteIcon: String?
    public var emojiFont: String?
    public var emojiImages: String?
    public var missingGlyph: String?
    public var lenient: Bool?
    public var strict: Bool?
    public var maxPlistSizeMB: Int?
    /// A zlib level 0-9 or `"max"`, as `--compression`.
    public var compression: CompressionSetting?
    public var preview: Bool?
    /// `true`, `false` or a catalog name, as `--xcassets[=NAME]`.
    public var xcassets: CatalogSetting?
    /// As `--web`.
    public var web: Bool?
    /// Tab ids by pack folder name or plist id: `{"猫 咪": "cats"}`.
    public var tabIds: [String: String]?
    public var emojiKeyboard: Bool?
    public var emojiData: String?
    public var cldr: String?

    /// The folder the config's relative paths start from.
    public private(set) var base = URL(fileURLWithPath: ".")
    public private(set) var path = ""

    enum CodingKeys: String, CodingKey, CaseIterable {
        case packs, out, widths, scales, layout, grid, metrics, colors, locale, deleteIcon, emojiFont, emojiImages
        case missingGlyph, lenient, strict, maxPlistSizeMB, compression, preview, xcassets, web, tabIds
        case emojiKeyboard, emojiData, cldr
    }

    /// The keys allowed in each nested object (`grid`, `grid.insets`, `colors.dark`), from the
    /// settings table; the top level's are `CodingKeys`, whose order breaks ties between
    /// suggestions for a mistyped key.
    static let nestedKeys = SettingsTable.configObjects.filter { !$0.key.isEmpty }

    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// A value out of its documented range: a usage error (exit 2), like the same flag.
        public var isUsage = false
    }

    public static func load(_ url: URL) throws(Problem) -> GeneratorConfig {
        let path = url.path
        let data: Data
        do { data = try RegularFile.read(url, maxBytes: 1_048_576) } catch {
            throw Problem(description: "\(path): cannot read the config (\(error.description))")
        }
        if let mistake = JSONSyntax.firstMistake(in: [UInt8](data)) {
            throw Problem(description: "\(path):\(mistake.line):\(mistake.column): not valid JSON: \(mistake.message)")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw Problem(description: "\(path): not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"))")
        }
        guard let root = object as? [String: Any] else { throw Problem(description: "\(path): expected a JSON object at the top level") }
        assert(Set(CodingKeys.allCases.map(\.rawValue)) == Set(SettingsTable.configObjects[""] ?? []), "CodingKeys and the settings table disagree")
        try checkKeys(root, allowed: CodingKeys.allCases.map(\.rawValue), prefix: "", path: path)
        for (key, allowed) in nestedKeys.sorted(by: { $0.key < $1.key }) {
            var nested: Any? = root
            for part in key.split(separator: ".") { nested = (nested as? [String: Any])?[String(part)] }
            if let nested = nested as? [String: Any] { try checkKeys(nested, allowed: allowed, prefix: "\(key).", path: path) }
        }
        var config: GeneratorConfig
        do { config = try JSONDecoder().decode(GeneratorConfig.self, from: data) } catch let error as DecodingError {
            throw Problem(description: "\(path): \(describe(error))")
        } catch {
            throw Problem(description: "\(path): \(error)")
        }
        config.base = url.deletingLastPathComponent()
        config.path = path
        return config
    }

    static func checkKeys(_ object: [String: Any], allowed: [String], prefix: String, path: String) throws(Problem) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let near = NameSuggestion.closest(to: key, among: allowed, ignoringCase: true)
            throw Problem(description: "\(path): unknown key '\(prefix)\(key)'" + (near.map { " (did you mean '\(prefix)\($0)'?)" } ?? ""))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func keyPath(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            let key = keyPath(context)
            let root = context.codingPath.first?.stringValue ?? ""
            return "key '\(key)': expected \(key == root ? (expectations[root] ?? typeName(type)) : typeName(type))"
        case let .dataCorrupted(context):
            return "key '\(keyPath(context))': \(context.debugDescription)"
        case let .keyNotFound(key, _):
            return "missing key '\(key.stringValue)'"
        @unknown default:
            return "\(error)"
        }
    }

    /// What each array key holds, for messages (the decoder only knows "an array").
    static let expectations = [
        "packs": "an array of strings", "widths": "an array of whole numbers", "scales": "an array of whole numbers",
        "grid": "an object", "metrics": "an object", "colors": "an object",
        "tabIds": "an object of pack folder names (or plist ids) to tab ids",
        "compression": "a whole number from \(OptionRanges.compression.text) or \"max\"",
        "xcassets": "true, false or a catalog name such as \"Emoticons\"",
    ]

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Int].Type: return "an array of whole numbers"
        case is [String].Type: return "an array of strings"
        case is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "\(type)"
        }
    }

    func resolve(_ relative: String) -> URL {
        relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : base.appendingPathComponent(relative)
    }

    /// Applies every key the config sets; values are checked the way the flags are. `layout`
    /// (a `--layout` flag, which overrides the config's) is applied first, so the config's
    /// `grid` and `metrics` keys refine it.
    public func apply(to options: inout GeneratorOptions, layout flagLayout: LayoutPreset? = nil) throws(Problem) {
        func fail(_ key: String, _ why: String) -> Problem { Problem(description: "\(path): key '\(key)': \(why)") }
        try checkRanges()
        if let preset = flagLayout {
            options.useLayout(preset)
        } else if let layout {
            guard let preset = LayoutPreset(name: layout) else {
                throw fail("layout", "expected one of \(LayoutPreset.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(layout)\"")
            }
            options.useLayout(preset)
        }
        if let packs { options.inputs = packs.map(resolve) }
        if let out { options.output = resolve(out) }
        if let widths { options.widths = widths }
        if let scales { options.scales = scales }
        if let grid {
            if let v = grid.columns { options.grid.columns = v }
            if let v = grid.rows { options.grid.rows = v }
            if let v = grid.rowHeight { options.grid.rowHeight = v }
            if let v = grid.iconSize { options.grid.iconSize = v }
            if let insets = grid.insets {
                if let v = insets.top { options.grid.insets.top = v }
                if let v = insets.left { options.grid.insets.left = v }
                if let v = insets.bottom { options.grid.insets.bottom = v }
                if let v = insets.right { options.grid.insets.right = v }
            }
            if let v = grid.columnSpacing { options.grid.columnSpacing = v }
            if let v = grid.rowSpacing { options.grid.rowSpacing = v }
            if let v = grid.snapToPixels { options.grid.snapToPixels = v }
        }
        if let metrics {
            if let v = metrics.toolbarHeight { options.metrics.toolbarHeight = v }
            if let v = metrics.pageControlHeight { options.metrics.pageControlHeight = v }
            if let v = metrics.tabBarHeight { options.metrics.tabBarHeight = v }
            if let v = metrics.gridTop { options.metrics.gridTop = v }
            if let v = metrics.pageControlTop { options.metrics.pageControlTop = v }
            if let v = metrics.keyboardHeight { options.metrics.fixedKeyboardHeight = v }
        }
        if let colors {
            for setting in KeyboardColors.settings {
                guard let value = colors.value(setting.key) else { continue }
                guard let colour = KeyboardColors.normalize(value) else {
                    throw fail("colors.\(setting.key)", "expected a colour like #F4F4F6, not \"\(value)\"")
                }
                options.colors[keyPath: setting.keyPath] = colour
            }
        }
        if let locale {
            guard let value = TitleLocale(rawValue: locale) else { throw fail("locale", "expected \"cn\", \"tw\" or \"en\", not \"\(locale)\"") }
            options.locale = value
        }
        if let deleteIcon { options.deleteIcon = resolve(deleteIcon) }
        if emojiFont != nil && emojiImages != nil { throw fail("emojiImages", "emojiFont and emojiImages cannot both be set") }
        if let emojiFont { options.emojiSource = .font(path: resolve(emojiFont).path) }
        if let emojiImages { options.emojiSource = .images(path: resolve(emojiImages).path) }
        if let missingGlyph {
            guard let policy = GeneratorOptions.MissingGlyphPolicy(rawValue: missingGlyph) else { throw fail("missingGlyph", "expected \"fail\" or \"skip\"") }
            options.missingGlyph = policy
        }
        if let lenient { options.lenient = lenient }
        if let strict { options.strict = strict }
        if let maxPlistSizeMB { options.maxPlistBytes = maxPlistSizeMB * 1024 * 1024 }
        if let compression {
            guard let encoder = compression.applied(to: options.encoder) else {
                let word = if case .word(let word) = compression { word } else { "" }
                throw fail("compression", "expected a whole number from \(OptionRanges.compression.text) or \"max\", not \"\(word)\"")
            }
            options.encoder = encoder
        }
        if let preview { options.writePreview = preview }
        if let xcassets {
            if let name = xcassets.name, AssetCatalogName.problem(name: name, scales: []) != nil {
                throw fail("xcassets", "expected true, false or a plain name such as \"Emoticons\" (the folder is NAME.xcassets), not \"\(name)\"")
            }
            options.assetCatalog = xcassets.name
        }
        if let web { options.writeWeb = web }
        if let tabIds { options.tabIDs = tabIds }
        if let emojiKeyboard { options.emojiKeyboard = emojiKeyboard }
        if let emojiData { options.emojiData = resolve(emojiData) }
        if let cldr { options.cldr = resolve(cldr) }
        if strict == true && lenient == true { throw Problem(description: "\(path): keys 'strict' and 'lenient' cannot both be true", isUsage: true) }
        var probe = options
        if probe.inputs.isEmpty { probe.inputs = [base] }  // packs may come from the command line
        if let problem = probe.problem { throw Problem(description: "\(path): \(problem.text(namingSettings: { "--" + $0 }))", isUsage: true) }
    }

    /// Every number against its documented range, before any arithmetic: the numbers at the
    /// config key of each row of `SettingsTable` with a range, in the table's order.
    func checkRanges() throws(Problem) {
        for row in SettingsTable.rows {
            guard let range = row.range, let key = row.configKey else { continue }
            for value in numbers(at: key) where !range.contains(value) {
                throw Problem(
                    description: "\(path): key '\(range.key)': \(OptionRanges.number(value)) is out of range; expected \(range.whole ? "a whole number" : "a number") from \(range.text)", isUsage: true
                )
            }
        }
    }
}

import EmoticonPacks
import Foundation
import KeyboardLayout

/// The defaults a run starts from that no other module owns, shared by `GeneratorOptions` and
/// the table's help text, so `--help` shows the value a run really uses.
public enum RunDefaults {
    /// The widths of the iPhones iOS 26 runs on, one manifest each (the device of each width:
    /// Documentation/Widths.md). A width not listed (320, the first iPhone SE) picks its
    /// manifest by `ManifestWidthChoice`.
    public static let widths = [375, 390, 393, 402, 414, 420, 428, 430, 440]
    public static let sheetLayout = SheetLayout.anyWidth
    public static let scales = [2, 3]
    public static let layout = LayoutPreset.classic
    public static let locale = TitleLocale.cn
    public static let output = "emokit-output"
    public static let maxPlistSizeMB = 10
    /// The asset catalog `--xcassets` writes without a name.
    public static let assetCatalog = "Emoticons"
}

/// Every option of `generate` (and so of `validate`, which takes a part of them), in the order
/// `--help` lists them, with the config-only keys beside the options they belong with. The
/// command line's option list, `--help`, shell completions, the starter config and
/// `Documentation/Options.md` are all read from these rows.
public enum SettingsTable {
    public static let rows: [Setting] = paths + geometry + content + checks + writing + KeyboardColors.settings.map(colour)

    /// The rows with a flag: the command line's options, in `--help` order.
    public static var flags: [Setting] { rows.filter { $0.flag != nil } }

    /// The row of a flag (`max-width`); nil when no row has it.
    public static func row(flag: String) -> Setting? { rows.first { $0.flag == flag } }

    static func number(_ value: Double) -> String { OptionRanges.number(value) }
    static func list(_ values: [Int], separator: String) -> String { values.map(String.init).joined(separator: separator) }
}

extension SettingsTable {
    /// The keys each object of the config file may hold, read from the rows' config keys in the
    /// table's order: `""` (the top level) → `packs`, `out`, `grid`…; `grid` → `columns`…,
    /// `insets`; `colors.dark` → `background`…. A key no row declares is an unknown key.
    public static let configObjects: [String: [String]] = {
        var objects: [String: [String]] = [:]
        for key in rows.compactMap(\.configKey) {
            let parts = key.split(separator: ".").map(String.init)
            for depth in parts.indices {
                let parent = parts[..<depth].joined(separator: ".")
                if !(objects[parent] ?? []).contains(parts[depth]) { objects[parent, default: []].append(parts[depth]) }
            }
        }
        return objects
    }()
}

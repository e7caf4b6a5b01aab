import Diagnostics

/// The name rules of `--xcassets NAME` (`AssetCatalogWriter` writes `NAME.xcassets` inside the
/// output): which names and scales cannot make a catalog (the default name is
/// `RunDefaults.assetCatalog`). Here, beside the options, so checking the options needs nothing
/// of the writer.
public enum AssetCatalogName {
    /// Why `name` and `scales` cannot make a catalog, or nil; the settings are references.
    public static func issue(name: String?, scales: [Int]) -> Diagnostic.Message? {
        guard let name else { return nil }
        // A file name's limit is 255 bytes; control characters (NUL, line breaks) make no folder name.
        let plain = name.utf8.count <= 200 && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        if !plain || name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.contains("\\") || name.hasSuffix(".xcassets") {
            let shown = name.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(name.unicodeScalars.prefix(40))) + "…" : name
            return "\(setting: "xcassets") takes a plain name such as Emoticons (the folder is NAME.xcassets), not '\(shown.debugDescription.dropFirst().dropLast())'"
        }
        if let scale = scales.first(where: { $0 > 3 }) {
            return "asset catalogs hold 1x, 2x and 3x images; remove \(scale) from \(setting: "scales") or drop \(setting: "xcassets")"
        }
        return nil
    }

    /// `issue` in the words the option checks still return (settings named as flags), until
    /// those checks (`GeneratorOptions.problem`, `GeneratorConfig`) return a `Diagnostic.Message`.
    public static func problem(name: String?, scales: [Int]) -> String? {
        issue(name: name, scales: scales)?.text(namingSettings: { "--" + $0 })
    }
}

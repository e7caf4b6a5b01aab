import Diagnostics
import Foundation

/// A Misskey emoji export, unzipped (the control panel's "export" writes a zip of the images and
/// `meta.json`), as Misskey's own import reads it: `emojis`, an array of `{downloaded, fileName,
/// emoji: {name, category, aliases}}`, each image beside `meta.json` under `fileName`. A record
/// whose image was not downloaded is skipped with a warning, as the import skips it.
///
/// Each emoji inserts `:name:`; its aliases are its search keywords. Misskey's picker groups
/// emoji by category: each category is a tab (in category order, its emoji in name order, as
/// Misskey lists them), and emoji without one are the pack's own tab, after them.
enum MisskeyExportLayout: PackLayout {
    static var fileNames: [String] { ["meta.json"] }

    /// The parsed `meta.json`: its emoji as map items (in tab order) and the tabs they fall in.
    struct Export {
        var map: MapFile
        var tabs: [PackContents.Tab]
    }

    static func matches(_ source: PackSource) -> Bool { source.root is Export }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let export = source.root as? Export else { return .failure(PackLayouts.unrecognised(source)) }
        var contents = MapLayouts.contents(of: source, map: export.map)
        contents.tabs = export.tabs
        return .success(contents)
    }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let emojis = try Shortcodes.requiredKey(
            "emojis", of: data, display: display, kind: "a Misskey emoji export", missing: "a Misskey export's meta.json lists its emoji under \"emojis\"")
        guard let records = emojis as? [Any] else {
            throw PackError.fileKey(path: display, key: "emojis", reason: "expected an array of emoji, found \(PackReader.typeName(emojis))")
        }
        let read = records.enumerated().map { index, record in self.record(record, index: index) }
        // Categories in order, emoji without one last; within each, names in order.
        // A category refused (its emoji are, each naming it) is no tab.
        let categories = Set(read.compactMap(\.category)).filter { categoryProblem($0) == nil }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let ordered = read.enumerated().sorted { a, b in
            let (first, second) = (a.element, b.element)
            if first.category != second.category {
                guard let one = first.category else { return false }
                guard let other = second.category else { return true }
                return one.utf8.lexicographicallyPrecedes(other.utf8)
            }
            if first.name != second.name { return first.name.utf8.lexicographicallyPrecedes(second.name.utf8) }
            return a.offset < b.offset
        }.map(\.element)
        var tabs: [PackContents.Tab] = categories.map { category in
            PackContents.Tab(title: category, items: Set(ordered.indices.filter { ordered[$0].category == category }), titleKey: "emoji.category")
        }
        let uncategorised = Set(ordered.indices.filter { ordered[$0].category == nil })
        if !uncategorised.isEmpty { tabs.append(PackContents.Tab(title: nil, items: uncategorised)) }
        var map = MapFile(layout: "misskey", items: ordered.map(\.item), description: "a Misskey emoji export")
        map.order = "in name order"
        if !categories.isEmpty {
            let others = uncategorised.isEmpty ? "" : " and one of emoji without a category"
            map.details.append("a tab for each of \(categories.count) categor\(categories.count == 1 ? "y" : "ies")\(others)")
        }
        return Export(map: map, tabs: categories.isEmpty ? [] : tabs)
    }

    /// One record of `emojis`: its item (with the problem that refuses it, if any), its name and
    /// category ("" is none, as Misskey shows it).
    static func record(_ record: Any, index: Int) -> (item: MapItem, name: String, category: String?) {
        let dictionary = record as? [String: Any] ?? [:]
        let emoji = dictionary["emoji"] as? [String: Any] ?? [:]
        let name = emoji["name"] as? String ?? ""
        var item = MapItem(texts: name.isEmpty ? [] : [Shortcodes.text(name)], image: dictionary["fileName"] as? String ?? "", name: name, imageKey: "fileName", textKey: "emoji.name")
        item.keywords = (emoji["aliases"] as? [Any] ?? []).compactMap { $0 as? String }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let category = (emoji["category"] as? String).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if !(record is [String: Any]) {
            item.problem = ("emojis[\(index)]", "expected a dictionary, found \(PackReader.typeName(record))")
        } else if !(dictionary["emoji"] is [String: Any]) {
            item.problem = ("emoji", dictionary["emoji"].map { "expected a dictionary of name, category and aliases, found \(PackReader.typeName($0))" } ?? "missing")
        } else if !(emoji["name"] is String) {
            item.problem = ("emoji.name", emoji["name"].map { "expected a string, found \(PackReader.typeName($0))" } ?? "missing")
        } else if let problem = Shortcodes.problem(name) {
            item.problem = ("emoji.name", problem)
        } else if !PackReader.isTrue(dictionary["downloaded"]) {
            item.skipped = "\"downloaded\" is not true (the export has no image of it); Misskey's import skips it too"
        } else if !(dictionary["fileName"] is String) {
            item.problem = ("fileName", dictionary["fileName"].map { "expected the image's file name, found \(PackReader.typeName($0))" } ?? "missing")
        }
        if item.problem == nil, let problem = Shortcodes.keywordProblem(item.keywords) { item.problem = ("emoji.aliases", problem) }
        if let title = category, let problem = categoryProblem(title) { item.problem = ("emoji.category", problem) }
        return (item, name, category)
    }

    /// Why `category` cannot title a tab: too long, or holding a character no title may hold.
    static func categoryProblem(_ category: String) -> Diagnostic.Message? {
        if let problem = TextLimits.problem(category, limit: TextLimits.title) { return "the category is \(problem.message)" }
        return TextCharacters.problem(category).map { "the category \(quoted: category) \($0.message)" }
    }
}

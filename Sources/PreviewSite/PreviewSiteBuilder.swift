import EmoticonManifest
import Foundation

/// Builds the preview site from the manifests: `index.html`, one `preview/<width>.html` per
/// width, and the shared script and style. Nothing is fetched, so the pages work from `file://`
/// with nothing else. With per-width sheets a preview embeds its width's whole manifest; with
/// any-width sheets every width's page reads the same data, one classic script beside them
/// (`sharedDataPath`: the manifest of `reference`), and names only its width. Either is written
/// a piece at a time (`writePreview`, `writeSharedData`), the manifest's pages made one by one.
public struct PreviewSiteBuilder {
    public struct Summary: Sendable, Codable, Equatable {
        public struct Pack: Sendable, Codable, Equatable {
            public var id: String, title: String, source: String, entries: Int
            public init(id: String, title: String, source: String, entries: Int) {
                self.id = id; self.title = title; self.source = source; self.entries = entries
            }
        }
        public var generator: String
        public var inputs: [String]
        public var emojiSource: String?
        public var packs: [Pack]
        /// The run's keyboard locale (`cn`, `tw`, `en`): the preview pages' language and labels
        /// (`PreviewLabels`). Absent in a shard written before it was recorded: `cn`, the default.
        public var locale: String?
        public init(generator: String, inputs: [String], emojiSource: String?, packs: [Pack], locale: String? = nil) {
            self.generator = generator; self.inputs = inputs; self.emojiSource = emojiSource; self.packs = packs
            self.locale = locale
        }
    }

    public struct File: Sendable {
        public var path: String
        public var data: Data
    }

    public struct BuildError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Template and static file names to their bytes (emokit passes the ones compiled into it).
    let templates: [String: Data]
    let manifests: [PagedManifest]
    let summary: Summary
    /// `--base-url`: adds `sitemap.xml` and Open Graph tags; nil keeps the site free of absolute links.
    let publicURLs: PublicURLs?
    /// The versions of the files the pages load (`preview/assets/…`, `sharedDataPath`), by path
    /// from the site's root: a short hash of each file's bytes that the pages add to its URL
    /// (`assets/preview.js?v=…`). A published preview is often cached file by file (a CDN, a
    /// browser); a page then always asks for the script, style and data it was written with, and
    /// never mixes a new page with an old copy of them. Set by the writer (`SiteStep`) once the
    /// files' bytes are known; a file without one is linked by its path alone.
    package var versions: [String: String] = [:]

    package init(templates: [String: Data], manifests: [PagedManifest], summary: Summary, publicURLs: PublicURLs? = nil) {
        self.templates = templates
        self.manifests = manifests
        self.summary = summary
        self.publicURLs = publicURLs
    }

    /// Static files copied as they are.
    static let assets = ["preview.css", "preview.js"]

    /// The small files: `index.html`, the script and style (`assetFiles`), and `sitemap.xml` with a base URL.
    public func build() throws -> [File] { try assetFiles() + siteFiles() }

    /// `index.html`, and `sitemap.xml` with a base URL.
    public func siteFiles() throws -> [File] {
        let index = try load("index.html")
        var files = [File(path: "index.html", data: Data(try index.render(indexContext().merging(indexOpenGraph()) { $1 }).utf8))]
        if let publicURLs {
            files.append(File(path: "sitemap.xml", data: publicURLs.sitemap(pages: ["index.html"] + manifests.map { Self.previewPath(width: $0.screenWidth) })))
        }
        return files
    }

    /// The files every preview page loads beside its data: the style, the preview's script and
    /// the web runtime's (`preview/assets/…`).
    public func assetFiles() throws -> [File] {
        var files: [File] = []
        for asset in Self.assets {
            guard let data = templates[asset] else { throw BuildError(description: "\(asset): missing template file") }
            files.append(File(path: "preview/assets/\(asset)", data: data))
        }
        files.append(File(path: "preview/assets/emoticons.js", data: Data(try runtimeScript().utf8)))
        return files
    }

    /// The URL of the site's file `path`, which lies in `folder` or below it (`""` for the root,
    /// `"preview/"`), from a page in `folder`: the path from there, with the file's version
    /// (`versions`) when it has one. Paths are emokit's own (ASCII letters, digits, `-`, `.`,
    /// `/`), so nothing in them needs encoding.
    func link(_ path: String, from folder: String) -> String {
        precondition(path.hasPrefix(folder), "\(path) is not in \(folder)")
        let relative = String(path.dropFirst(folder.count))
        return versions[path].map { "\(relative)?v=\($0)" } ?? relative
    }

    /// The versions of the sheets `manifest`'s preview shows (its pages', the skin-tone and tab
    /// icon sheets), as a JSON object from path to version, keys sorted: preview.js adds them to
    /// the sheets' URLs.
    func sheetVersionsJSON(_ manifest: PagedManifest) -> String {
        let known = Dictionary(manifest.sheetFiles().compactMap { file in versions[file.path].map { (file.path, $0) } }) { first, _ in first }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(known)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The marker the web runtime's code has where its data goes (`const DATA = …;`).
    public static let runtimeDataMarker = "/*EMOKIT_DATA*/null"

    /// The marker the web runtime's code has where its labels go (`const LABELS = …;`): they are
    /// written from `PreviewLabels.runtimeTable`, the one table of the preview's words.
    public static let runtimeLabelsMarker = "/*EMOKIT_LABELS*/null"

    /// The web runtime's code files, in the order they are joined (`runtimeCode`).
    public static let runtimeFiles = [
        "emoticons.js", "keyboard-layout.js", "keyboard.js", "keyboard-paging.js", "keyboard-popups.js", "keyboard-input.js",
        "keyboard-recent.js", "keyboard-theme.js", "keyboard-element.js",
    ]

    /// The marker the web runtime's code has where its stylesheet goes (`const STYLE_TEMPLATE = …;`):
    /// `runtimeStylesheet` as a JavaScript string, its colours filled in by the runtime.
    public static let runtimeStyleMarker = "/*EMOKIT_STYLE*/\"\""

    /// The runtime's stylesheet (keyboard, pop-ups, rendered emoticons) with `{{background}}`,
    /// `{{dark.background}}`... where the run's colours go (`WebRuntimeWriter` writes it filled in
    /// as `web/emoticons-keyboard.css`).
    public static let runtimeStylesheet = "keyboard.css"

    /// The web runtime's code: `runtimeFiles` joined, its labels written in, `runtimeDataMarker`
    /// where its data goes; nil when a file is missing or a marker is not there.
    /// `web/emoticons.js` and the preview's `assets/emoticons.js` are both made of it (one
    /// keyboard, tokenizer and renderer).
    public static func runtimeCode(_ file: (String) -> String?) -> String? {
        var parts: [String] = []
        for name in runtimeFiles {
            guard let text = file(name) else { return nil }
            parts.append(text)
        }
        let code = parts.joined(separator: "\n")
        guard code.contains(runtimeDataMarker), code.contains(runtimeLabelsMarker), code.contains(runtimeStyleMarker),
            let style = file(runtimeStylesheet), let styleLiteral = javaScriptString(style)
        else { return nil }
        return code.replacingOccurrences(of: runtimeLabelsMarker, with: PreviewLabels.runtimeTable)
            .replacingOccurrences(of: runtimeStyleMarker, with: styleLiteral)
    }

    /// `text` as a JavaScript string literal (JSON's, which JavaScript reads as it is).
    static func javaScriptString(_ text: String) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The web runtime's code as a classic script defining `createEmokit(data, scriptURL)`: the
    /// preview pages are its first user, each page passing the data it makes from its manifest
    /// (embedded, or the shared `sharedDataPath`).
    func runtimeScript() throws -> String {
        guard let code = Self.runtimeCode({ templates[$0].flatMap { String(data: $0, encoding: .utf8) } }) else {
            throw BuildError(description: "emoticons.js: the web runtime's code is missing from this build (\(Self.runtimeFiles.joined(separator: ", ")))")
        }
        let body = code.replacingOccurrences(of: Self.runtimeDataMarker, with: "EMOKIT_DATA")
        return "(function () {\n\"use strict\";\nglobalThis.createEmokit = function (EMOKIT_DATA, SCRIPT_URL) {\n" + body
            + "\nreturn Emokit;\n};\n})();\n"
    }

    /// Where the preview page of `width` goes.
    public static func previewPath(width: Int) -> String { "preview/\(width).html" }

    /// The data every any-width preview page reads (`preview/<width>.html` loads it as a script):
    /// one copy instead of one per width (the emoji keyboard's manifest is 3.7 MB).
    public static let sharedDataPath = "preview/keyboard-data.js"

    /// Whether the preview pages share their data (`sharedDataPath`): with any-width sheets a
    /// manifest differs from another width's only in what follows from the width (`screenWidth`,
    /// the grid's `cellWidth` and `columnsByScale`, the keys' frames), none of which preview.js
    /// reads then: it lays the keyboard out itself at its frame's width, from the page's
    /// `data-width`.
    package var sharesData: Bool { reference?.header.sheetLayout == .anyWidth }

    /// The shared data's script, piece by piece into `write`: `json` writes the JSON of
    /// `reference`, a JavaScript expression as it is (JSON is a subset of JavaScript).
    package func writeSharedData(json: Template.JSONStream, into write: (String) throws -> Void) throws {
        try write("globalThis.EMOKIT_PREVIEW_DATA = ")
        try withoutActuallyEscaping(write) { write in try json(write) }
        try write(";\n")
    }

    /// `manifest`'s preview page, piece by piece into `write`. `json` writes the manifest's JSON
    /// in pieces (`PagedManifest.writeJSON`, or a tee of it into the manifest file).
    package func writePreview(_ manifest: PagedManifest, json: Template.JSONStream, into write: (String) throws -> Void) throws {
        let preview = try load("preview.html")
        let context = previewContext(manifest).merging(previewOpenGraph(manifest)) { $1 }
        try withoutActuallyEscaping(json) { json in try preview.render(context, streams: ["manifest": json], into: write) }
    }

    func load(_ name: String) throws -> Template {
        guard let data = templates[name], let source = String(data: data, encoding: .utf8) else { throw BuildError(description: "\(name): missing template file") }
        return try Template(source, name: name)
    }

    var widthLinks: [[String: Template.Value]] {
        manifests.map { ["width": .text("\($0.screenWidth)"), "href": .text("preview/\($0.screenWidth).html")] }
    }

    /// The manifest the index page shows: 375 pt, else the first width.
    package var reference: PagedManifest? { manifests.first { $0.screenWidth == 375 } ?? manifests.first }

    func indexContext() -> [String: Template.Value] {
        let reference = self.reference
        let largestScale = reference?.header.scales.max() ?? 2
        let tabs: [[String: Template.Value]] = summary.packs.map { pack in
            var tab: Manifest.Tab?, pageCount = 0
            var thumbs: [[String: Template.Value]] = []
            if let reference, let index = reference.header.tabs.firstIndex(where: { $0.id == pack.id }) {
                tab = reference.header.tabs[index]
                pageCount = reference.pageCounts[index]
                thumbs = (0..<pageCount).compactMap { page in
                    guard let path = reference.sheets(index, page)["\(largestScale)"] else { return nil }
                    return ["src": .text(path), "version": .text(versions[path] ?? ""), "alt": .text("\(pack.title), page \(page + 1)")]
                }
            }
            return [
                "id": .text(pack.id), "title": .text(pack.title), "source": .text(pack.source),
                "entries": .text("\(pack.entries)"), "pages": .text("\(pageCount)"),
                "oneEntry": .bool(pack.entries == 1), "onePage": .bool(pageCount == 1),  // the template's singulars
                "kind": .text(tab?.kind.rawValue ?? ""), "thumbs": .list(thumbs),
            ]
        }
        return [
            "generator": .text(summary.generator),
            "inputs": .list(summary.inputs.map { ["name": .text($0)] }),
            "emojiSource": .text(summary.emojiSource ?? "none needed"),
            "widths": .list(widthLinks),
            "thumbWidth": .text("\(reference?.screenWidth ?? 375)"),
            "stylesheet": .text(link("preview/assets/preview.css", from: "")),
            "anyWidth": .bool(reference?.header.sheetLayout == .anyWidth),
            "tabs": .list(tabs),
        ]
    }

    func previewContext(_ manifest: PagedManifest) -> [String: Template.Value] {
        let largestScale = manifest.header.scales.max() ?? 2
        let widths: [[String: Template.Value]] = manifests.map {
            ["width": .text("\($0.screenWidth)"), "href": .text("\($0.screenWidth).html"), "current": .bool($0.screenWidth == manifest.screenWidth)]
        }
        let tabs: [[String: Template.Value]] = manifest.header.tabs.enumerated().map { index, tab in
            [
                "title": .text(tab.title), "id": .text(tab.id), "entries": .text("\(tab.entryCount)"), "oneEntry": .bool(tab.entryCount == 1),
                "pages": .list(
                    (0..<manifest.pageCounts[index]).compactMap { page in
                        manifest.sheets(index, page)["\(largestScale)"].map {
                            ["src": .text("../" + $0), "version": .text(versions[$0] ?? ""), "alt": .text("\(tab.title), page \(page + 1)")]
                        }
                    }),
            ]
        }
        let language = PreviewLabels.language(locale: summary.locale)
        let anyWidth = manifest.header.sheetLayout == .anyWidth
        let labels = Dictionary(PreviewLabels.labels(language: language).map { ($0.key, $0.text) }) { first, _ in first }
        let width = "\(manifest.screenWidth)"
        return [
            "width": .text(width),
            "sharedData": .bool(sharesData),
            "dataScript": .text(link(Self.sharedDataPath, from: "preview/")),
            "sheetVersions": .json(sheetVersionsJSON(manifest)),
            "stylesheet": .text(link("preview/assets/preview.css", from: "preview/")),
            "runtimeScript": .text(link("preview/assets/emoticons.js", from: "preview/")),
            "previewScript": .text(link("preview/assets/preview.js", from: "preview/")),
            "generator": .text(summary.generator),
            "widths": .list(widths),
            "tabs": .list(tabs),
            "lang": .text(language),
            "labels": .json(PreviewLabels.json(language: language, anyWidth: anyWidth)),
            "labelAllTabs": .text(labels["allTabs"] ?? ""),
            "labelPageTitle": .text((labels["pageTitle"] ?? "").replacingOccurrences(of: "%d", with: width)),
            "labelScreenWidth": .text(labels["screenWidth"] ?? ""),
            "labelSheets": .text(
                anyWidth
                    ? labels["pageSheets"] ?? "" : (labels["sheets"] ?? "").replacingOccurrences(of: "%d", with: width)),
            "labelEmoticon": .text(labels["emoticon"] ?? ""),
            "labelEmoticons": .text(labels["emoticons"] ?? ""),
        ]
    }
}

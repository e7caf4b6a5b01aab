import EmoticonManifest
import Foundation

/// Builds the preview site from the manifests: `index.html`, one `preview/<width>.html` per
/// width, and the shared script and style. Pages embed their data (no fetch), so they work
/// from `file://` with nothing else.
public struct PreviewSiteBuilder: Sendable {
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
        public init(generator: String, inputs: [String], emojiSource: String?, packs: [Pack]) {
            self.generator = generator; self.inputs = inputs; self.emojiSource = emojiSource; self.packs = packs
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
    let manifests: [Manifest]
    let summary: Summary
    /// `--base-url`: adds `sitemap.xml` and Open Graph tags; nil keeps the site free of absolute links.
    let publicURLs: PublicURLs?

    public init(templates: [String: Data], manifests: [Manifest], summary: Summary, publicURLs: PublicURLs? = nil) {
        self.templates = templates
        self.manifests = manifests
        self.summary = summary
        self.publicURLs = publicURLs
    }

    /// Static files copied as they are.
    static let assets = ["preview.css", "preview.js"]

    public func build() throws -> [File] {
        let index = try load("index.html")
        let preview = try load("preview.html")
        var files: [File] = []
        files.append(File(path: "index.html", data: Data(try index.render(indexContext().merging(indexOpenGraph()) { $1 }).utf8)))
        for manifest in manifests {
            files.append(File(path: "preview/\(manifest.screenWidth).html", data: Data(try preview.render(previewContext(manifest).merging(previewOpenGraph(manifest)) { $1 }).utf8)))
        }
        for asset in Self.assets {
            guard let data = templates[asset] else { throw BuildError(description: "\(asset): missing template file") }
            files.append(File(path: "preview/assets/\(asset)", data: data))
        }
        if let publicURLs {
            files.append(File(path: "sitemap.xml", data: publicURLs.sitemap(pages: ["index.html"] + manifests.map { "preview/\($0.screenWidth).html" })))
        }
        return files
    }

    func load(_ name: String) throws -> Template {
        guard let data = templates[name], let source = String(data: data, encoding: .utf8) else { throw BuildError(description: "\(name): missing template file") }
        return try Template(source, name: name)
    }

    var widthLinks: [[String: Template.Value]] {
        manifests.map { ["width": .text("\($0.screenWidth)"), "href": .text("preview/\($0.screenWidth).html")] }
    }

    func indexContext() -> [String: Template.Value] {
        let reference = manifests.first { $0.screenWidth == 375 } ?? manifests.first
        let largestScale = reference?.scales.max() ?? 2
        let tabs: [[String: Template.Value]] = summary.packs.map { pack in
            let tab = reference?.tabs.first { $0.id == pack.id }
            let thumbs: [[String: Template.Value]] = (tab?.pages ?? []).compactMap { page in
                guard let path = page.sheets["\(largestScale)"] else { return nil }
                return ["src": .text(path), "alt": .text("\(pack.title), page \(page.index + 1)")]
            }
            return [
                "id": .text(pack.id), "title": .text(pack.title), "source": .text(pack.source),
                "entries": .text("\(pack.entries)"), "pages": .text("\(tab?.pages.count ?? 0)"),
                "kind": .text(tab?.kind.rawValue ?? ""), "thumbs": .list(thumbs),
            ]
        }
        return [
            "generator": .text(summary.generator),
            "inputs": .list(summary.inputs.map { ["name": .text($0)] }),
            "emojiSource": .text(summary.emojiSource ?? "none needed"),
            "widths": .list(widthLinks),
            "thumbWidth": .text("\(reference?.screenWidth ?? 375)"),
            "tabs": .list(tabs),
        ]
    }

    func previewContext(_ manifest: Manifest) -> [String: Template.Value] {
        let json = (try? Manifest.encoder().encode(manifest)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let largestScale = manifest.scales.max() ?? 2
        let widths: [[String: Template.Value]] = manifests.map {
            ["width": .text("\($0.screenWidth)"), "href": .text("\($0.screenWidth).html"), "current": .bool($0.screenWidth == manifest.screenWidth)]
        }
        let tabs: [[String: Template.Value]] = manifest.tabs.map { tab in
            [
                "title": .text(tab.title), "id": .text(tab.id), "entries": .text("\(tab.entryCount)"),
                "pages": .list(
                    tab.pages.compactMap { page in
                        page.sheets["\(largestScale)"].map { ["src": .text("../" + $0), "alt": .text("\(tab.title), page \(page.index + 1)")] }
                    }),
            ]
        }
        return [
            "width": .text("\(manifest.screenWidth)"),
            "generator": .text(summary.generator),
            "manifest": .json(json),
            "widths": .list(widths),
            "tabs": .list(tabs),
        ]
    }
}

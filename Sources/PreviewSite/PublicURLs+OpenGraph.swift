import EmoticonManifest
import Foundation
@_exported import SiteAddress

extension PublicURLs {
    /// Template values for the Open Graph block of a page (empty values when there is no base URL).
    /// The image's URL carries its version (`?v=`) when it has one, as the pages' links do.
    static func openGraph(
        _ urls: PublicURLs?, page: String, title: String, description: String, image: String?, imageVersion: String? = nil
    ) -> [String: Template.Value] {
        guard let urls else { return ["ogURL": .text("")] }
        return [
            "ogURL": .text(urls.url(page)), "ogTitle": .text(title), "ogDescription": .text(description),
            "ogImage": .text(image.map { urls.url($0) + (imageVersion.map { "?v=\($0)" } ?? "") } ?? ""),
        ]
    }
}

extension PreviewSiteBuilder {
    /// The index page's Open Graph values: its title, a count of tabs and emoticons, the first sheet.
    func indexOpenGraph() -> [String: Template.Value] {
        PublicURLs.openGraph(
            publicURLs, page: "index.html", title: "Emoticon keyboard preview",
            description: Self.counts(tabs: summary.packs.count, emoticons: summary.packs.reduce(0) { $0 + $1.entries }),
            image: reference.flatMap(Self.firstSheet), imageVersion: reference.flatMap(Self.firstSheet).flatMap { versions[$0] })
    }

    func previewOpenGraph(_ manifest: PagedManifest) -> [String: Template.Value] {
        PublicURLs.openGraph(
            publicURLs, page: Self.previewPath(width: manifest.screenWidth),
            title: "Emoticon keyboard preview · \(manifest.screenWidth) pt",
            description: Self.counts(tabs: manifest.header.tabs.count, emoticons: manifest.header.tabs.reduce(0) { $0 + $1.entryCount }),
            image: Self.firstSheet(manifest), imageVersion: Self.firstSheet(manifest).flatMap { versions[$0] })
    }

    /// "1 tab, 14 emoticons": singular for one.
    static func counts(tabs: Int, emoticons: Int) -> String {
        "\(tabs) tab\(tabs == 1 ? "" : "s"), \(emoticons) emoticon\(emoticons == 1 ? "" : "s")"
    }

    /// The largest-scale sheet of the first page of the first tab that has one.
    static func firstSheet(_ manifest: PagedManifest) -> String? {
        let scale = "\(manifest.header.scales.max() ?? 2)"
        return manifest.header.tabs.indices.lazy.compactMap { manifest.pageCounts[$0] > 0 ? manifest.sheets($0, 0)[scale] : nil }.first
    }
}

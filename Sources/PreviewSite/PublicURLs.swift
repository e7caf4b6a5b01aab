import EmoticonManifest
import Foundation
import TextEscaping

/// The only absolute links the site has, made when the user gives `--base-url`: a `sitemap.xml`
/// and Open Graph tags (which crawlers and chat apps require to be absolute). Every other link
/// in the site stays relative, so it works from `file://`, any sub-path and a downloaded artifact.
public struct PublicURLs: Sendable, Equatable {
    /// The site's address with a trailing slash: `https://example.com/emoticons/`.
    public let base: String

    /// Accepts an `http`/`https` URL with a host and no query or fragment; nil otherwise.
    public init?(base text: String) {
        guard !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { return nil }
        base = text.hasSuffix("/") ? text : text + "/"
    }

    /// The absolute URL of a file of the site (`preview/375.html`), each path segment percent-encoded.
    public func url(_ relativePath: String) -> String {
        base
            + relativePath.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                var out = ""
                for byte in segment.utf8 {
                    if byte.isUnreserved { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
                }
                return out
            }.joined(separator: "/")
    }

    /// `sitemap.xml` listing the site's pages, in the order given; no dates, so it is reproducible.
    public func sitemap(pages: [String]) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages { xml += "  <url><loc>\(Escape.html(url(page)))</loc></url>\n" }
        xml += "</urlset>\n"
        return Data(xml.utf8)
    }

    /// Template values for the Open Graph block of a page (empty values when there is no base URL).
    static func openGraph(_ urls: PublicURLs?, page: String, title: String, description: String, image: String?) -> [String: Template.Value] {
        guard let urls else { return ["ogURL": .text("")] }
        return [
            "ogURL": .text(urls.url(page)), "ogTitle": .text(title), "ogDescription": .text(description),
            "ogImage": .text(image.map(urls.url) ?? ""),
        ]
    }
}

extension UInt8 {
    fileprivate var isUnreserved: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self)
            || self == UInt8(ascii: "-") || self == UInt8(ascii: ".") || self == UInt8(ascii: "_") || self == UInt8(ascii: "~")
            || self == UInt8(ascii: "@")
    }
}

extension PreviewSiteBuilder {
    /// The index page's Open Graph values: its title, a count of tabs and emoticons, the first sheet.
    func indexOpenGraph() -> [String: Template.Value] {
        PublicURLs.openGraph(
            publicURLs, page: "index.html", title: "Emoticon keyboard preview",
            description: Self.counts(tabs: summary.packs.count, emoticons: summary.packs.reduce(0) { $0 + $1.entries }),
            image: reference.flatMap(Self.firstSheet))
    }

    func previewOpenGraph(_ manifest: PagedManifest) -> [String: Template.Value] {
        PublicURLs.openGraph(
            publicURLs, page: Self.previewPath(width: manifest.screenWidth),
            title: "Emoticon keyboard preview · \(manifest.screenWidth) pt",
            description: Self.counts(tabs: manifest.header.tabs.count, emoticons: manifest.header.tabs.reduce(0) { $0 + $1.entryCount }),
            image: Self.firstSheet(manifest))
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

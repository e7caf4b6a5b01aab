import Foundation
import TextEscaping

/// The site's public address, in its own module so that the settings that take it (`--base-url`)
/// and the preview that uses it share one value without one depending on the other.
///
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
}

extension UInt8 {
    fileprivate var isUnreserved: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self)
            || self == UInt8(ascii: "-") || self == UInt8(ascii: ".") || self == UInt8(ascii: "_") || self == UInt8(ascii: "~")
            || self == UInt8(ascii: "@")
    }
}

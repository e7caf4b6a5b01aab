import Checksum
import Foundation
import Pipeline
import PipelineTestSupport
import PreviewSite
import TestSupport
import Testing

/// Every link of the site is relative and resolves inside it; `--base-url` adds absolute URLs
/// only in `sitemap.xml` and the Open Graph tags.
struct SiteLinkTests {
    /// `href`/`src`/`content` values of every HTML page, by page.
    static func links(_ site: URL) throws -> [(page: String, attribute: String, value: String)] {
        var found: [(String, String, String)] = []
        let pattern = try NSRegularExpression(pattern: #"(href|src|content)="([^"]*)""#)
        for page in FileTree.files(site) where page.hasSuffix(".html") {
            let text = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let attribute = String(text[Range(match.range(at: 1), in: text)!])
                let value = String(text[Range(match.range(at: 2), in: text)!])
                found.append((page, attribute, value))
            }
        }
        return found
    }

    @Test func everyLinkIsRelativeAndResolves() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("site")
        _ = try Generator(options: PipelineRun.options([Fixtures.samplePacks], out: out, widths: [320, 375])).run()
        let links = try Self.links(out)
        #expect(links.count > 20)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("sitemap.xml").path))
        for link in links where link.attribute != "content" {
            let whole = link.value.replacingOccurrences(of: "&amp;", with: "&")
            if whole.hasPrefix("data:") { continue }
            #expect(!whole.hasPrefix("/") && !whole.contains("://") && !whole.hasPrefix("file:"), "\(link.page): \(whole) is not relative")
            // A file the pages load may carry its version (`?v=` and the first 12 hex digits of its SHA-256).
            let parts = whole.split(separator: "?", maxSplits: 1).map(String.init)
            let value = parts[0]
            let target = out.appendingPathComponent(link.page).deletingLastPathComponent()
                .appendingPathComponent(value.removingPercentEncoding ?? value).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(link.page): \(value) does not resolve")
            #expect(target.path.hasPrefix(out.standardizedFileURL.path + "/"), "\(link.page): \(value) leaves the site")
            if parts.count == 2, let bytes = try? Data(contentsOf: target) {
                #expect(parts[1] == "v=" + SHA256.hexDigest(bytes).prefix(12), "\(link.page): \(whole) is not the file's version")
            }
            // The script, style, data and sheets a page loads always carry it.
            if value.hasPrefix("assets/") || value.hasPrefix("preview/assets/") || value == "keyboard-data.js" || value.contains("sheets/") {
                #expect(parts.count == 2, "\(link.page): \(whole) has no version")
            }
        }
        #expect(!links.contains { $0.value.contains("og:") })
    }

    @Test func baseURLAddsSitemapAndOpenGraphOnly() throws {
        let root = Fixtures.temporaryDirectory()
        let plain = root.appendingPathComponent("plain"), published = root.appendingPathComponent("published")
        _ = try Generator(options: PipelineRun.options([Fixtures.samplePacks], out: plain, widths: [320, 375])).run()
        var options = PipelineRun.options([Fixtures.samplePacks], out: published, widths: [320, 375])
        options.publishing.baseURL = PublicURLs(base: "https://example.com/team/emoticons")
        #expect(options.publishing.baseURL != nil)
        _ = try Generator(options: options).run()

        let sitemap = try String(contentsOf: published.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(
            sitemap == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>https://example.com/team/emoticons/index.html</loc></url>
                  <url><loc>https://example.com/team/emoticons/preview/320.html</loc></url>
                  <url><loc>https://example.com/team/emoticons/preview/375.html</loc></url>
                </urlset>

                """)
        let index = try String(contentsOf: published.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<meta property="og:url" content="https://example.com/team/emoticons/index.html">"#))
        // The picture by its version, as the pages link their sheets.
        let version = SHA256.hexDigest(try Data(contentsOf: published.appendingPathComponent("sheets/faces/page-000@2x.png"))).prefix(12)
        #expect(index.contains(#"<meta property="og:image" content="https://example.com/team/emoticons/sheets/faces/page-000@2x.png?v="# + version + #"">"#))
        let preview = try String(contentsOf: published.appendingPathComponent("preview/320.html"), encoding: .utf8)
        #expect(preview.contains(#"<meta property="og:url" content="https://example.com/team/emoticons/preview/320.html">"#))
        #expect(preview.contains(#"<meta property="og:title" content="Emoticon keyboard preview · 320 pt">"#))

        // Absolute URLs appear only in the Open Graph tags; without them the pages are the plain run's.
        for link in try Self.links(published) where link.value.contains("://") {
            #expect(link.attribute == "content", "\(link.page): \(link.value)")
        }
        let differing = FileTree.differences(plain, published)
        #expect(differing == ["SHA256SUMS", "index.html", "preview/320.html", "preview/375.html", "sitemap.xml"])
        for page in ["index.html", "preview/320.html", "preview/375.html"] {
            let stripped = try String(contentsOf: published.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<meta property=\"og:") }.joined(separator: "\n")
            #expect(stripped == (try String(contentsOf: plain.appendingPathComponent(page), encoding: .utf8)), "\(page)")
        }
    }

    @Test func baseURLMustBeAnHTTPAddress() {
        for bad in ["example.com/x", "ftp://example.com/", "https://example.com/?q=1", "https://example.com/#top", "https://exa mple.com/", "https:///path", "https://user:pw@example.com/"] {
            #expect(PublicURLs(base: bad) == nil, "\(bad)")
        }
        #expect(PublicURLs(base: "http://localhost:8000")?.base == "http://localhost:8000/")
        #expect(PublicURLs(base: "https://example.com/a/")?.url("sheets/表情/375/page-000@2x.png") == "https://example.com/a/sheets/%E8%A1%A8%E6%83%85/375/page-000@2x.png")
    }
}

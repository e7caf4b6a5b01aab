import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// The whole range, end to end: `emokit generate --widths 320,321,...,1366` writes a manifest for
/// every width from the narrowest phone to the widest iPad, and one of them (375), laid out by the
/// library at each width, gives every button's frame (and `frames[S]`) that width's manifest
/// holds, for each layout. (`AnyWidthManifestTests` compares everything else at a sample of
/// widths.)
struct EveryWidthTests {
    static let widths = Array(320...1366)

    /// Of a manifest, only where its buttons are: decoding 1,047 whole manifests would be most of
    /// the test's time.
    struct Frames: Decodable {
        struct Tab: Decodable { let pages: [Page] }
        struct Page: Decodable { let buttons: [Button] }
        struct Button: Decodable {
            let frame: Manifest.Rect
            let frames: [String: Manifest.Rect]?
        }
        let screenWidth: Int
        let tabs: [Tab]
    }

    /// The two named layouts (weibo's snaps to device pixels); the grid with insets and spacing is
    /// checked at a sample of widths (`AnyWidthManifestTests`).
    @Test(arguments: ["classic", "weibo"])
    func oneManifestGivesEveryWidthsFrames(name: String) throws {
        let folder = Fixtures.temporaryDirectory("everywidth-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try AnyWidthManifestTests.run(keyboard: name, packs: Fixtures.samplePacks.appendingPathComponent("faces"), widths: Self.widths, in: folder)

        let library = try EmoticonKeyboard(contentsOf: out.appendingPathComponent("manifests/375.json"))
        let scales = library.manifest.scales.sorted()
        var differences: [String] = [], buttons = 0
        for width in Self.widths {
            let written = try JSONDecoder().decode(Frames.self, from: Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            #expect(written.screenWidth == width)
            let layouts = try scales.map { try library.layout(width: width, scale: $0) }
            for (t, tab) in written.tabs.enumerated() {
                for (p, page) in tab.pages.enumerated() {
                    let keys = layouts.map { $0.page(tab: t, page: p)?.keys ?? [] }
                    guard keys.allSatisfy({ $0.count == page.buttons.count }) else {
                        differences.append("\(width) tab \(t) page \(p): \(keys[0].count) keys, \(page.buttons.count) buttons")
                        continue
                    }
                    for (b, button) in page.buttons.enumerated() {
                        if keys[0][b].frame != button.frame { differences.append("\(width) tab \(t) page \(p) cell \(b): frame") }
                        for (scale, laidOut) in zip(scales, keys) where laidOut[b].frame != button.frames?["\(scale)"] ?? button.frame {
                            differences.append("\(width) tab \(t) page \(p) cell \(b) @\(scale)x: frame")
                        }
                        buttons += 1
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(5))")
        #expect(buttons == Self.widths.count * library.tabs.flatMap(\.pages).reduce(0) { $0 + $1.buttons.count } && buttons > 0)
    }
}

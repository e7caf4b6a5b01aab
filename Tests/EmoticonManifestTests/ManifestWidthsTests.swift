import EmoticonManifest
import Foundation
import Testing

/// An app on a screen width emokit did not generate picks a manifest by one documented rule:
/// the same width, else the widest narrower one at its own size, else the narrowest scaled down.
struct ManifestWidthsTests {
    static let shipped = [414, 375, 390, 393, 402, 428, 430, 440]

    @Test func exactWidthsAreTheirOwnManifest() {
        for width in Self.shipped {
            #expect(ManifestWidthChoice.choose(forScreenWidth: Double(width), among: Self.shipped) == ManifestWidthChoice(width: width, scale: 1))
        }
    }

    @Test func anUnknownWidthTakesTheWidestThatFits() {
        // The iPhone Air (420 pt) with no 420 manifest: the 414 keyboard, drawn at its own size.
        #expect(ManifestWidthChoice.choose(forScreenWidth: 420, among: Self.shipped) == ManifestWidthChoice(width: 414, scale: 1))
        // A future 450 pt phone: the widest there is.
        #expect(ManifestWidthChoice.choose(forScreenWidth: 450, among: Self.shipped) == ManifestWidthChoice(width: 440, scale: 1))
        // Fractional widths (split view, zoomed display) round down to what fits.
        #expect(ManifestWidthChoice.choose(forScreenWidth: 392.5, among: Self.shipped) == ManifestWidthChoice(width: 390, scale: 1))
    }

    @Test func aNarrowerScreenScalesTheNarrowestDown() {
        // The first iPhone SE (320 pt) when only today's widths were generated.
        #expect(ManifestWidthChoice.choose(forScreenWidth: 320, among: Self.shipped) == ManifestWidthChoice(width: 375, scale: 320.0 / 375.0))
        #expect(ManifestWidthChoice.choose(forScreenWidth: 320, among: []) == nil)
        #expect(ManifestWidthChoice.choose(forScreenWidth: 320, among: [0, -5]) == nil)
    }

    @Test func manifestsAreChosenByTheirScreenWidth() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PipelineTests/Golden/375.json")
        let base = try Manifest.decode(Data(contentsOf: url))
        let manifests = [375, 414, 393].map { width in
            var manifest = base
            manifest.screenWidth = width
            return manifest
        }
        #expect(manifests.manifest(forScreenWidth: 402)?.manifest.screenWidth == 393)
        #expect(manifests.manifest(forScreenWidth: 402)?.scale == 1)
        #expect(manifests.manifest(forScreenWidth: 360)?.manifest.screenWidth == 375)
        #expect([Manifest]().manifest(forScreenWidth: 402) == nil)
    }
}

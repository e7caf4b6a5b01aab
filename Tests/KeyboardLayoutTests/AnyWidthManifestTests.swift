import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// End to end: `emokit generate --widths` on the sample packs writes one manifest per width;
/// one of them, laid out by the library at each other width, gives that width's manifest:
/// every button's frame (and `frames[S]`), sprite and sheet. And where the library draws each
/// icon is where the per-width sheets of that width have it (`--sheets per-width`).
@Suite(.serialized) struct AnyWidthManifestTests {
    /// Widths across phones, split view, iPad and landscape; 375 is the manifest laid out.
    static let widths = [320, 375, 507, 744, 834, 1024, 1366]

    /// The keyboards checked: the two layouts, and a grid with insets, spacing and pixel
    /// snapping (from a config file).
    static let keyboards: [(name: String, arguments: [String], config: String?)] = [
        ("classic", [], nil),
        ("weibo", ["--layout", "weibo"], nil),
        (
            "insets+spacing",
            [],
            #"{ "grid": { "columns": 6, "rows": 3, "rowHeight": 47, "iconSize": 30, "insets": { "top": 3.5, "left": 12, "bottom": 4, "right": 7.25 }, "columnSpacing": 4.5, "rowSpacing": 6, "snapToPixels": true } }"#
        ),
    ]

    /// Generates the sample packs at `widths` with `sheets` sheets; the output folder.
    static func generate(_ name: String, sheets: String) throws -> URL {
        let folder = Fixtures.temporaryDirectory("anywidth-\(name)-\(sheets)")
        return try run(keyboard: name, packs: Fixtures.samplePacks, widths: widths, extra: ["--sheets", sheets], in: folder)
    }

    /// Runs `emokit generate` on `packs` at `widths` with keyboard `name`'s settings (its config
    /// file written into `folder`), without the preview or the page cache; the output folder.
    static func run(keyboard name: String, packs: URL, widths: [Int], extra: [String] = [], in folder: URL) throws -> URL {
        let keyboard = try #require(keyboards.first { $0.name == name })
        let out = folder.appendingPathComponent("out")
        var arguments = ["generate", packs.path, "--out", out.path]
        arguments += ["--widths", widths.map(String.init).joined(separator: ","), "--no-preview", "--no-cache", "--quiet"] + extra
        arguments += keyboard.arguments
        if let config = keyboard.config {
            let file = folder.appendingPathComponent("emokit.json")
            try Data(config.utf8).write(to: file)
            arguments += ["--config", file.path]
        }
        let run = try EmokitBinary.run(arguments)
        try #require(run.status == 0, "emokit \(arguments.suffix(6).joined(separator: " ")): \(run.stderr)")
        return out
    }

    static func manifest(_ out: URL, width: Int) throws -> Manifest {
        try EmoticonKeyboard(contentsOf: out.appendingPathComponent("manifests/\(width).json")).manifest
    }

    @Test(arguments: keyboards.map(\.name))
    func oneManifestLaysOutAsEveryWidthsManifest(name: String) throws {
        let anyWidth = try Self.generate(name, sheets: "any-width")
        let perWidth = try Self.generate(name, sheets: "per-width")
        defer { try? FileManager.default.removeItem(at: anyWidth.deletingLastPathComponent()) }
        defer { try? FileManager.default.removeItem(at: perWidth.deletingLastPathComponent()) }
        let keyboard = try EmoticonKeyboard(contentsOf: anyWidth.appendingPathComponent("manifests/375.json"))
        #expect(keyboard.manifest.schemaVersion == 2 && keyboard.manifest.sheetLayout == .anyWidth)
        let scales = keyboard.manifest.scales.sorted()
        #expect(scales == [2, 3])
        var buttons = 0, icons = 0
        var differences: [String] = []
        for width in Self.widths {
            let expected = try Self.manifest(anyWidth, width: width)
            let drawn = try Self.manifest(perWidth, width: width)
            let layouts = try scales.map { try keyboard.layout(width: width, scale: $0) }
            #expect(expected.tabs.map(\.pages.count) == keyboard.tabs.map(\.pages.count))
            for (t, tab) in expected.tabs.enumerated() {
                for (p, page) in tab.pages.enumerated() {
                    let placed = layouts.map { $0.page(tab: t, page: p)! }
                    for (scale, laidOut) in zip(scales, placed) where laidOut.sheet != page.sheets["\(scale)"] {
                        differences.append("\(width) \(tab.id) page \(p) @\(scale)x: sheet \(laidOut.sheet ?? "none") != \(page.sheets["\(scale)"] ?? "none")")
                    }
                    #expect(keyboard.tabs[t].pages[p].sheetHashes == page.sheetHashes)
                    for (b, button) in page.buttons.enumerated() {
                        let keys = placed.map { $0.keys[b] }
                        let perWidthButton = drawn.tabs[t].pages[p].buttons[b]
                        let at = "\(width) \(tab.id) page \(p) cell \(button.index)"
                        // `frame` is the smallest scale's; `frames` is written when scales differ.
                        if keys[0].frame != button.frame { differences.append("\(at): frame \(keys[0].frame) != \(button.frame)") }
                        for (scale, key) in zip(scales, keys) {
                            let frame = button.frames?["\(scale)"] ?? button.frame
                            if key.frame != frame { differences.append("\(at) @\(scale)x: frame \(key.frame) != \(frame)") }
                            if key.sprite != button.sprite["\(scale)"] { differences.append("\(at) @\(scale)x: sprite") }
                            // Where the icon is drawn: where the per-width sheet of this width has it.
                            if key.iconPixelRect != perWidthButton.sprite["\(scale)"] {
                                differences.append("\(at) @\(scale)x: drawn at \(String(describing: key.iconPixelRect)), per-width sheet \(String(describing: perWidthButton.sprite["\(scale)"]))")
                            }
                            if key.iconPixelRect != nil { icons += 1 }
                        }
                        if (keys.map(\.frame).contains { $0 != keys[0].frame }) != (button.frames != nil) { differences.append("\(at): frames written or not") }
                        if Self.identity(of: keys[0].button) != Self.identity(of: button) { differences.append("\(at): button fields") }
                        buttons += 1
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(5))")
        // The samples: 166 buttons a width in the classic grid, every one with a sprite at both scales.
        #expect(buttons >= 150 * Self.widths.count && icons == 2 * buttons)
    }

    /// What a button is, apart from where it is: equal in every width's manifest.
    static func identity(of button: Manifest.Button) -> String {
        "\(button.kind) \(button.index) \(button.row) \(button.column) \(String(describing: button.entry)) \(String(describing: button.text)) \(button.name)"
    }
}

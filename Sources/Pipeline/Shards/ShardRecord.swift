import EmoticonManifest
import EmoticonPacks
import Foundation
import KeyboardLayout
import OutputTransaction
import PreviewSite
import RunSteps
import Settings

/// `emokit-shard.json`: what a `--shard K/N` run leaves for `merge` besides its sheets. It holds
/// the run's identity (emokit version and a fingerprint of every setting and of the packs), which
/// tab went to which shard, the settings of the site step, the index's summary, and the
/// manifests as this shard sees them (its own tabs complete, the others without sheets).
///
/// A shard folder arrives from elsewhere (a CI artifact): its record is untrusted input. `check`
/// accepts it only when every count is in the range the settings allow, the tab assignment
/// re-derives from the page counts, and every path in it is exactly the one emokit writes for
/// that tab, width, page and scale (for any-width sheets, which every manifest names alike, the
/// one path of that tab, page and scale; every manifest must then say `any-width`); the files it returns are the only ones merge takes from the
/// shard. This file needs no other part of the pipeline, so the fuzz target compiles it as is.
struct ShardRecord: Codable, Equatable, Sendable {
    static let fileName = "emokit-shard.json"
    static let currentFormat = 1
    /// A record is read whole: larger than this is refused before reading (a run of 100,000
    /// entries at five widths writes about a tenth of it).
    static let maxBytes = 256 << 20

    struct Tab: Codable, Equatable, Sendable {
        var id: String
        var pages: Int
        var shard: Int
    }

    /// What `merge` writes the site with: the site step's settings, the outputs and the sheets' encoder.
    struct Site: Codable, Equatable, Sendable {
        var preview: Bool
        var baseURL: String?
        /// The outputs beside the sheets, by the setting that asks for each (`OutputRequests.recorded`).
        var outputs: [String: String]
        var compressionLevel: Int
        var memoryLevel: Int
        /// `--size-budget`, which `merge` checks on the whole keyboard (a shard holds only its
        /// share); absent without one.
        var sizeBudget: Int? = nil
    }

    var format = ShardRecord.currentFormat
    var emokit: String
    /// SHA-256 over the settings (without output, shard, cache, archive and concurrency) and the
    /// packs' entries; equal in every shard of one run.
    var run: String
    var shard: ShardSpec
    var tabs: [Tab]
    var site: Site
    var summary: PreviewSiteBuilder.Summary
    var manifests: [Manifest]

    /// Why a record is refused; the caller names the shard folder.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    func data() throws(OutputError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do { return try encoder.encode(self) } catch { throw .cannotWrite(path: Self.fileName, reason: "\(error)") }
    }

    /// Decodes a record's bytes (already capped at `maxBytes` by the reader).
    static func decode(_ data: Data) throws(Problem) -> ShardRecord {
        do { return try JSONDecoder().decode(ShardRecord.self, from: data) } catch {
            throw Problem(reason: "not a shard record this emokit reads (\(Self.shortReason(error)))")
        }
    }

    /// Largest numbers a record may hold: the ranges the flags allow (`--shard` up to 1000,
    /// `--widths` 100-4096, `--scales` 1-4), and beyond any real run for counts no flag sets.
    enum Limits {
        static let shards = 1...1000
        static let width = 100...4096
        static let scale = 1...4
        static let manifests = 64
        static let tabs = 100_000
        static let pages = 1_000_000
    }

    /// Checks the record as described in the type's comment and returns the files it implies in
    /// its shard folder (relative paths): its own tabs' page sheets, and the variant sheets, tab
    /// icon strips and animations its manifests name (`androidFiles` adds `--android`'s).
    func check() throws(Problem) -> Set<String> {
        func fail(_ reason: String) -> Problem { Problem(reason: reason) }
        guard format == Self.currentFormat else { throw fail("record format \(format); this emokit reads \(Self.currentFormat)") }
        guard Limits.shards.contains(shard.count), (1...shard.count).contains(shard.index) else {
            throw fail("shard \(shard.index)/\(shard.count) is out of range (1 to \(Limits.shards.upperBound) shards)")
        }
        guard tabs.count <= Limits.tabs else { throw fail("\(tabs.count) tabs; at most \(Limits.tabs)") }
        guard !manifests.isEmpty, manifests.count <= Limits.manifests else { throw fail("\(manifests.count) manifests; 1 to \(Limits.manifests)") }
        var pageTotal = 0
        var seenIDs = Set<String>()
        for tab in tabs {
            guard TabID.isValid(tab.id), seenIDs.insert(tab.id.lowercased()).inserted else { throw fail("tab id '\(Self.quoted(tab.id))' is not one emokit writes") }
            guard tab.pages >= 0, tab.pages <= Limits.pages else { throw fail("tab \(tab.id): \(tab.pages) pages is out of range") }
            pageTotal += tab.pages
        }
        guard pageTotal <= Limits.pages else { throw fail("\(pageTotal) pages; at most \(Limits.pages)") }
        guard ShardSpec.assign(pageCounts: tabs.map(\.pages), shards: shard.count) == tabs.map(\.shard) else {
            throw fail("its tab assignment is not the one emokit makes for these page counts")
        }
        guard summary.packs.map(\.id) == tabs.map(\.id) else { throw fail("its summary lists other tabs than the record") }
        do throws(OutputRequests.RecordProblem) { _ = try OutputRequests(recorded: site.outputs) } catch {
            switch error {
            case .unknownOutput(let output): throw fail("output '\(Self.quoted(output))' is not one emokit writes")
            case .refusedValue(let output, let value): throw fail("\(output) '\(Self.quoted(value))' is not one emokit writes")
            }
        }
        if let base = site.baseURL, PublicURLs(base: base) == nil { throw fail("base URL '\(Self.quoted(base))' is not one emokit accepts") }
        guard (0...9).contains(site.compressionLevel), (1...9).contains(site.memoryLevel) else { throw fail("compression settings out of range") }
        if let budget = site.sizeBudget, budget < 1 { throw fail("size budget \(budget) is not a number of bytes emokit accepts") }

        var files = Set<String>()
        var widths = Set<Int>()
        // Every manifest of a run has the same sheets: all any-width, or all per-width.
        guard Set(manifests.map { $0.sheetLayout == .anyWidth }).count == 1 else { throw fail("its manifests mix any-width and per-width sheets") }
        for manifest in manifests {
            guard Limits.width.contains(manifest.screenWidth), widths.insert(manifest.screenWidth).inserted else {
                throw fail("manifest width \(manifest.screenWidth) is out of range or repeated")
            }
            guard !manifest.scales.isEmpty, manifest.scales.allSatisfy(Limits.scale.contains), Set(manifest.scales).count == manifest.scales.count else {
                throw fail("manifest \(manifest.screenWidth): scales \(manifest.scales) are out of range")
            }
            guard manifest.tabs.map(\.id) == tabs.map(\.id) else { throw fail("manifest \(manifest.screenWidth) lists other tabs than the record") }
            for (tab, assignment) in zip(manifest.tabs, tabs) {
                try checkTab(tab, assignment: assignment, manifest: manifest, into: &files)
            }
        }
        return files
    }

    /// One tab of one manifest: its pages (sheets only when this shard owns it), variant sheets,
    /// tab icon and animations, every path the one emokit writes.
    private func checkTab(_ tab: Manifest.Tab, assignment: Tab, manifest: Manifest, into files: inout Set<String>) throws(Problem) {
        func fail(_ reason: String) -> Problem { Problem(reason: "tab \(tab.id): \(reason)") }
        let scales = Set(manifest.scales.map(String.init))
        guard tab.pages.count == assignment.pages else { throw fail("\(tab.pages.count) pages where the record says \(assignment.pages)") }
        let owned = assignment.shard == shard.index
        for (index, page) in tab.pages.enumerated() {
            guard page.index == index else { throw fail("page \(page.index) out of order") }
            guard owned || page.sheets.isEmpty else { throw fail("page sheets of a tab another shard renders") }
            guard Set(page.sheets.keys).isSubset(of: scales), Set(page.sheetHashes.keys).isSubset(of: scales) else { throw fail("a page sheet for a scale not asked for") }
            for (scale, path) in page.sheets {
                guard path == OutputPaths.page(tab: tab.id, width: OutputPaths.sheetWidth(of: manifest), page: index, scale: Int(scale)!) else {
                    throw fail("sheet path '\(Self.quoted(path))' is not one emokit writes")
                }
                files.insert(path)
            }
            guard page.sheetHashes.values.allSatisfy(Self.isDigest) else { throw fail("a sheet hash is not a SHA-256") }
            for button in page.buttons {
                if let image = button.image {
                    guard OutputPaths.isSentImage(image) else { throw fail("image path '\(Self.quoted(image))' is not one emokit writes") }
                    files.insert(image)
                }
                guard let animation = button.animation else { continue }
                guard OutputPaths.isAnimation(animation.path) else { throw fail("animation path '\(Self.quoted(animation.path))' is not one emokit writes") }
                files.insert(animation.path)
            }
        }
        for sheet in tab.variantSheets ?? [] {
            guard sheet.index >= 0, Set(sheet.sheets.keys).isSubset(of: scales) else { throw fail("variant sheet \(sheet.index) is out of range") }
            for (scale, path) in sheet.sheets {
                guard path == OutputPaths.variants(tab: tab.id, sheet: sheet.index, scale: Int(scale)!) else {
                    throw fail("variant sheet path '\(Self.quoted(path))' is not one emokit writes")
                }
                files.insert(path)
            }
        }
        if let icon = tab.icon {
            // The asset catalog cuts the icon's square (size x scale pixels a side) from its strip.
            guard icon.size.isFinite, (0...500).contains(icon.size), icon.sprite.values.allSatisfy(Self.isSmall) else { throw fail("tab icon size out of range") }
            for (scale, path) in icon.sheets {
                guard scales.contains(scale), OutputPaths.isTabIconStrip(path, scale: Int(scale)!) else {
                    throw fail("tab icon path '\(Self.quoted(path))' is not one emokit writes")
                }
                files.insert(path)
            }
        }
    }

    /// A sprite rect whose numbers cannot overflow or size a huge image.
    static func isSmall(_ rect: Manifest.PixelRect) -> Bool {
        [rect.x, rect.y].allSatisfy { (0...(1 << 20)).contains($0) } && [rect.width, rect.height].allSatisfy { (0...4096).contains($0) }
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A text from the record for a message: at most 80 characters, control characters shown as `?`.
    static func quoted(_ text: String) -> String {
        let cut = text.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }
        return String(cut) + (text.unicodeScalars.count > 80 ? "…" : "")
    }

    /// A decoding error in one line, without the decoder's nested context dump.
    static func shortReason(_ error: Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: return quoted(context.debugDescription)
        case .keyNotFound(let key, _)?: return "no '\(quoted(key.stringValue))'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong value at \(quoted(context.codingPath.map(\.stringValue).joined(separator: ".")))"
        default: return "unreadable"
        }
    }
}

/// The paths emokit writes in an output, as patterns a record's paths are checked against (the
/// writers' own functions: `Generator.sheetPath`, `VariantSheets`, `TabIcons.sheetPath`,
/// `Animations`; a test checks they agree).
enum OutputPaths {
    /// A page's sheet: `width` is `AnyWidthSheet.width` for the any-width sheet
    /// (`sheets/<tab>/page-NNN@Sx.png`), else the screen width (`sheets/<tab>/<W>/page-NNN@Sx.png`).
    static func page(tab: String, width: Int, page: Int, scale: Int) -> String {
        let name = "page-\(String(format: "%03d", page))@\(scale)x.png"
        return width == AnyWidthSheet.width ? "sheets/\(tab)/\(name)" : "sheets/\(tab)/\(width)/\(name)"
    }

    /// The width `manifest`'s page sheets are keyed by: `AnyWidthSheet.width` when they are the
    /// any-width sheets every manifest shares, else its own screen width.
    static func sheetWidth(of manifest: Manifest) -> Int { manifest.sheetLayout == .anyWidth ? AnyWidthSheet.width : manifest.screenWidth }

    static func variants(tab: String, sheet: Int, scale: Int) -> String {
        "sheets/\(tab)/variants/sheet-\(String(format: "%03d", sheet))@\(scale)x.png"
    }

    /// `sheets/tab-icons@Sx.png`, or a numbered strip `sheets/tab-icons-N@Sx.png`.
    static func isTabIconStrip(_ path: String, scale: Int) -> Bool {
        let prefix = "sheets/tab-icons", suffix = "@\(scale)x.png"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.utf8.count < prefix.utf8.count + suffix.utf8.count + 8 else { return false }
        let middle = path.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.isEmpty || (middle.hasPrefix("-") && middle.count > 1 && middle.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// The extensions a sent image keeps (`SentImages.swift`); any other is written `.bin`.
    static let sentImageExtensions: Set<String> = ["webp", "png", "gif", "jpg", "jpeg", "bmp"]

    /// `images/<sha256>.<extension>` (content-addressed): a picture a tap sends.
    static func isSentImage(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension
        guard path.hasPrefix("images/"), sentImageExtensions.contains(ext) || ext == "bin" else { return false }
        return ShardRecord.isDigest(String(path.dropFirst(7).dropLast(ext.count + 1)))
    }

    /// `animations/<sha256>.gif` (content-addressed).
    static func isAnimation(_ path: String) -> Bool {
        path.hasPrefix("animations/") && path.hasSuffix(".gif") && ShardRecord.isDigest(String(path.dropFirst(11).dropLast(4)))
    }
}

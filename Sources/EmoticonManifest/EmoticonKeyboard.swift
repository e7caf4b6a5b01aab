import Checksum
import Foundation

/// A loaded manifest with the lookups an app's keyboard needs: laying the keyboard out at the
/// view's width (`layout(width:scale:)`), hit testing a tap, finding an emoticon by its text,
/// splitting a message into emoticon tokens, and checking that a sheet is the one the manifest
/// was written with.
///
/// ```swift
/// // Sheet paths resolve against the manifest's folder's parent: load it from the output folder
/// // (a folder reference), never flat from the bundle's root; `EmoticonKeyboardFiles` opens either
/// // and checks every sheet.
/// let keyboard = try EmoticonKeyboard(contentsOf: bundle.url(forResource: "375", withExtension: "json", subdirectory: "Emoticons/manifests")!)
/// let scale = keyboard.sheetScale(forScreenScale: traitCollection.displayScale)!
/// let layout = try keyboard.layout(width: view.bounds.width, scale: scale)
/// if let key = layout.key(at: tap, tab: 0, page: 2), let text = key.button.text { insert(text) }
/// ```
///
/// All lookups are precomputed at load, so they are cheap enough to run on every keystroke.
public struct EmoticonKeyboard: Sendable {
    /// The schema versions this library reads. A manifest with another version is refused at load
    /// (a newer emokit may have changed what fields mean) instead of being half read.
    public static let supportedSchemaVersions: ClosedRange<Int> = 1...Manifest.currentSchemaVersion

    /// The decoded manifest, as emokit wrote it.
    public let manifest: Manifest
    /// The output folder that the manifest's sheet paths are relative to: the manifest file's
    /// folder's parent (`<out>/manifests/375.json` → `<out>`). Nil when loaded from bytes alone.
    public let baseURL: URL?

    let textIndex: TextIndex

    /// Loads `manifests/<width>.json`. Throws `EmoticonKeyboardError` naming the file: unreadable,
    /// not a manifest, or a `schemaVersion` this library does not know.
    public init(contentsOf url: URL) throws(EmoticonKeyboardError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(file: url.lastPathComponent, reason: error.localizedDescription)
        }
        try self.init(data: data, file: url.lastPathComponent, baseURL: url.deletingLastPathComponent().deletingLastPathComponent())
    }

    /// Loads a manifest from its JSON bytes; `file` names it in errors.
    public init(data: Data, file: String = "manifest", baseURL: URL? = nil) throws(EmoticonKeyboardError) {
        let version: Int
        do { version = try JSONDecoder().decode(VersionProbe.self, from: data).schemaVersion } catch {
            throw .malformed(file: file, reason: Self.describe(error))
        }
        guard Self.supportedSchemaVersions.contains(version) else {
            throw .unsupportedSchemaVersion(file: file, found: version, supported: Self.supportedSchemaVersions)
        }
        let manifest: Manifest
        do { manifest = try JSONDecoder().decode(Manifest.self, from: data) } catch {
            throw .malformed(file: file, reason: Self.describe(error))
        }
        self.init(manifest: manifest, baseURL: baseURL)
    }

    /// Wraps a manifest already in memory (e.g. one the generator just built).
    public init(manifest: Manifest, baseURL: URL? = nil) {
        self.manifest = manifest
        self.baseURL = baseURL
        textIndex = TextIndex(manifest)
    }

    /// Every tab in manifest order, display-only ones included. This is the index space of every
    /// lookup (`page(tab:page:)`, `button(at:tab:page:)`, `Emoticon.tab`): display-only groups
    /// are drawn in received messages, so their emoticons are found like any other's.
    public var tabs: [Manifest.Tab] { manifest.tabs }

    /// The tabs a keyboard's tab bar shows, in order: every tab but the display-only ones
    /// (`Manifest.Tab.displayOnly`, YYKit's groups kept for received text). Each comes with its
    /// index in `tabs`, the number to pass to `page(tab:page:)` and `button(at:tab:page:)`; it
    /// is not its position in this list, since a display-only tab may sit between two others.
    ///
    /// ```swift
    /// for (index, tab) in keyboard.keyboardTabs { tabBar.addTab(tab.title) { show(tab: index, page: 0) } }
    /// ```
    public var keyboardTabs: [(index: Int, tab: Manifest.Tab)] {
        manifest.tabs.enumerated().filter { $0.element.displayOnly != true }.map { (index: $0.offset, tab: $0.element) }
    }

    /// The page, or nil when `tab` or `page` is out of range.
    public func page(tab: Int, page: Int) -> Manifest.Page? {
        guard manifest.tabs.indices.contains(tab), manifest.tabs[tab].pages.indices.contains(page) else { return nil }
        return manifest.tabs[tab].pages[page]
    }

    /// The button under `point` (in points, relative to the page's top-left corner, the same space
    /// as `Button.frame`), or nil for a point outside every button or an out-of-range tab/page.
    /// Frames are half-open, so a point on the line between two cells belongs to exactly one.
    /// Layouts that round to device pixels have slightly different frames per scale: pass the
    /// screen's `scale` to use that scale's frames (default: `frame`, the smallest scale's).
    public func button(at point: CGPoint, tab: Int, page: Int, scale: Int? = nil) -> Manifest.Button? {
        guard let buttons = self.page(tab: tab, page: page)?.buttons else { return nil }
        let x = Double(point.x), y = Double(point.y)
        return buttons.first { button in
            let frame = scale.flatMap { button.frames?["\($0)"] } ?? button.frame
            return x >= frame.x && x < frame.x + frame.width && y >= frame.y && y < frame.y + frame.height
        }
    }

    /// The emoticon whose text (`chs`, or the emoji itself) is exactly `text`; else the first whose
    /// traditional-Chinese text (`cht`) is. When two tabs share a text, the first tab wins.
    public func emoticon(forText text: String) -> Emoticon? {
        textIndex.exact[text].map { textIndex.emoticons[$0] }
    }

    /// Whether `data` is the sheet the manifest was written with (its SHA-256 equals the page's
    /// `sheetHashes` entry for `scale`). False for an unknown tab, page or scale.
    public func verifySheet(_ data: Data, tab: Int, page: Int, scale: Int) -> Bool {
        guard let expected = self.page(tab: tab, page: page)?.sheetHashes["\(scale)"] else { return false }
        return SHA256.hexDigest(data) == expected.lowercased()
    }

    /// The sheet file of a page at a scale, resolved against `baseURL`.
    public func sheetURL(tab: Int, page: Int, scale: Int) -> URL? {
        guard let baseURL, let path = self.page(tab: tab, page: page)?.sheets["\(scale)"] else { return nil }
        return baseURL.appendingPathComponent(path)
    }

    /// The sheet an emoticon's sprite is in at a scale, resolved against `baseURL`: the page's
    /// sheet, or for a skin-tone variant its tab's variants sheet.
    public func sheetURL(for emoticon: Emoticon, scale: Int) -> URL? {
        if let variant = emoticon.variant {
            guard let baseURL, let path = variant.sheet["\(scale)"] else { return nil }
            return baseURL.appendingPathComponent(path)
        }
        return sheetURL(tab: emoticon.tab, page: emoticon.page, scale: scale)
    }

    /// The picture a tap on `emoticon` sends (`Manifest.Button.image`), resolved against
    /// `baseURL`; nil for an emoticon that types text.
    public func imageURL(for emoticon: Emoticon) -> URL? {
        guard emoticon.sendsImage, let baseURL, let path = emoticon.button.image else { return nil }
        return baseURL.appendingPathComponent(path)
    }

    private struct VersionProbe: Decodable { let schemaVersion: Int }

    /// A decoding error as one line: what is wrong and where (`tabs[0].pages[1].buttons[3].frame`).
    static func describe(_ error: Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let at = path(context)
            return "missing key '\(key.stringValue)'" + (at == "top level" ? "" : " in \(at)")
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context)): expected \(type)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context)): expected \(type), found null"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

/// Why a manifest could not be loaded. Each case names the file, and `description` is one line.
public enum EmoticonKeyboardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (missing, no permission); `reason` is the system's.
    case unreadable(file: String, reason: String)
    /// The file is not a manifest: not JSON, or a key missing or of the wrong type; `reason` says
    /// where.
    case malformed(file: String, reason: String)
    /// The manifest was written for a schema this library does not read.
    case unsupportedSchemaVersion(file: String, found: Int, supported: ClosedRange<Int>)

    /// The error as one line naming the file, ready to show or log.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the manifest (\(reason))"
        case .malformed(let file, let reason):
            return "\(file): not an emokit manifest: \(reason)"
        case .unsupportedSchemaVersion(let file, let found, let supported):
            let known = supported.count == 1 ? "\(supported.lowerBound)" : "\(supported.lowerBound) to \(supported.upperBound)"
            let advice =
                found > supported.upperBound
                ? "update the EmoticonManifest library to one that reads it"
                : "regenerate it with a current emokit"
            return "\(file): schemaVersion \(found) is not supported (this library reads \(known)); \(advice)"
        }
    }
}

extension EmoticonKeyboardError: LocalizedError {
    /// The same line as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

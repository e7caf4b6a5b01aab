import FileAccess
import Foundation
import PropertyLists

/// Reading a pack's file (a plist, binary or XML, or YYKit's JSON) under the same rules: a regular
/// file inside its folder after symlinks, no larger than `maxPlistBytes`, checked before a byte of
/// it is parsed; and naming what was found where something else was expected.
extension PackReader {
    /// A pack file's parsed root: by the layout that claims the file's name (`PackLayout.parse`),
    /// else as JSON (`.json`) or a plist (binary or XML, a root array as lazy `PlistItems`).
    func loadRoot(_ plist: PackPlist, inside folder: URL, display: String) throws -> Any {
        if plist.isTextMap {
            if !plist.otherMaps.isEmpty {
                let names = ([plist.url.lastPathComponent] + plist.otherMaps).joined(separator: ", ")
                throw PackError.packageOrder(
                    path: display,
                    reason: "the folder holds several text-to-image maps (\(names)); keep the one to read, or name it as \"map\" in the config file's packFiles")
            }
            let data = try bytes(of: plist.url, inside: folder, display: display)
            let choice = fileChoice(for: folder) ?? PackFileChoice()
            return try TextMapLayout.read(data, file: plist.url, display: display, choice: choice) { url, shown throws in try loadPlist(url, inside: folder, display: shown) }
        }
        if !plist.otherLists.isEmpty {
            let names = ([plist.url.lastPathComponent] + plist.otherLists).joined(separator: ", ")
            throw PackError.packageOrder(
                path: display, reason: "the folder holds several chat SDK emoticon lists (\(names)); keep the one the app reads, or put each in a folder of its own")
        }
        if plist.isXhsSet {
            if !plist.otherMaps.isEmpty {
                let names = ([plist.url.lastPathComponent] + plist.otherMaps).joined(separator: ", ")
                throw PackError.packageOrder(path: display, reason: "the folder holds several XhsEmoticonsKeyboard sets (\(names)); give each set a folder of its own")
            }
            return try XhsLayout.parse(try bytes(of: plist.url, inside: folder, display: display), display: display)
        }
        if plist.isBeside {
            // Beside the pack's folder: inside the folder that holds both.
            return try EiskaltLayout.parse(try bytes(of: plist.url, inside: folder.deletingLastPathComponent(), display: display), display: display)
        }
        if let layout = PackLayouts.detectionOrder.first(where: { $0.fileNames.contains(plist.usualName) }) {
            return try layout.parse(try bytes(of: plist.url, inside: folder, display: display), display: display)
        }
        let file = plist.url
        if file.pathExtension.lowercased() == "json" { return try loadJSON(file, inside: folder, display: display) }
        return try loadPlist(file, inside: folder, display: display, lazyArray: true)
    }

    /// Reads a plist that must be a regular file inside `container` (after symlinks) and no larger
    /// than `maxPlistBytes`, checked before a byte of it is parsed. Binary plists go through our
    /// own strict reader; XML through our lean reader, else Foundation (`parsePlist`).
    func loadPlist(_ file: URL, inside container: URL, display: String? = nil, lazyArray: Bool = false) throws -> Any {
        let display = display ?? file.path
        return try Self.parsePlist(try bytes(of: file, inside: container, display: display), display: display, lazyArray: lazyArray)
    }

    /// The bytes of a pack's file: a regular file inside `container` (after symlinks), no larger
    /// than `maxPlistBytes`, checked before it is read.
    func bytes(of file: URL, inside container: URL, display: String) throws(PackError) -> Data {
        if let escape = Containment.escape(file, inside: container) { throw PackError.unsafeLink(path: display, target: escape) }
        do { return try RegularFile.read(file, maxBytes: maxPlistBytes) } catch {
            if case let .tooLarge(bytes, limit) = error { throw PackError.tooLarge(path: display, bytes: bytes, limit: limit) }
            throw PackError.unreadable(path: display, reason: error.description)
        }
    }

    /// Parses plist bytes (binary or XML, told apart by content: `PropertyList.parse`), a refusal
    /// as the pack's malformed file. With `lazyArray`, a root array of an XML plist comes back as
    /// `PlistItems` (parsed item by item as it is read), else every container is `[Any]` or
    /// `[String: Any]`.
    public static func parsePlist(_ data: Data, display: String, lazyArray: Bool = false) throws(PackError) -> Any {
        do { return try PropertyList.parse(data, lazyArray: lazyArray) } catch {
            throw PackError.malformed(path: display, reason: reason(error))
        }
    }

    /// Why the file is not a property list, in the words of `PackError.malformed`.
    static func reason(_ refusal: PropertyList.Refusal) -> String {
        switch refusal {
        case .empty: return "the file is empty"
        case .unsupportedBinaryVersion: return "unsupported binary plist version (only bplist00 is read)"
        case .binary(let problem): return problem.description
        case .tooLargeForFoundation(let limit):
            return "it uses XML that emokit reads only in files up to \(PackError.megabytes(limit)) (CDATA, <data>, <date>, "
                + "another encoding...); save it as a plain or binary plist (plutil -convert binary1)"
        case .foundation(let reason): return reason
        }
    }

    /// The largest XML plist handed to Foundation when emokit's own reader cannot read it.
    public static let foundationMaxBytes = PropertyList.foundationMaxBytes

    static func typeName(_ value: Any) -> String {
        switch value {
        case is [String: Any]: return "dictionary"
        case is [Any]: return "array"
        case is String: return "string"
        case is Data: return "data"
        case is Date: return "date"
        case _ where isBoolean(value): return "boolean"
        case is NSNumber: return "number"
        default: return "\(type(of: value))"
        }
    }

    /// Plist booleans arrive as `Bool` on Linux and as a CFBoolean NSNumber on Apple platforms;
    /// both must be told apart from the integers 0 and 1.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        #if canImport(Darwin)
            if let number = value as? NSNumber { return CFGetTypeID(number) == CFBooleanGetTypeID() }
        #endif
        return false
    }

    /// YYKit's `display_only`: a number, boolean or string that is not 0.
    static func isTrue(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: return bool
        case let number as NSNumber: return number.intValue != 0
        case let text as String: return ["1", "true", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
        default: return false
        }
    }

    /// A group's `info.json` (YYKit reads it with `modelWithJSON:`), with the plist's limits.
    /// Reads a JSON file under the same rules as a plist: a regular file inside `container`,
    /// no larger than `maxPlistBytes`, checked before reading.
    func loadJSON(_ file: URL, inside container: URL, display: String) throws -> Any {
        let data = try bytes(of: file, inside: container, display: display)
        if data.isEmpty { throw PackError.malformed(path: display, reason: "the file is empty") }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            let ns = error as NSError
            let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw PackError.malformed(path: display, reason: "not valid JSON: " + reason.replacingOccurrences(of: "\n", with: " "))
        }
    }
}

import Foundation

/// Property list bytes to values, whatever the format: binary through `BinaryPlistReader` (never
/// Foundation's, which crashes on some inputs), plain XML through `XMLPlistReader` (a root array
/// item by item), and only the XML those cannot read through Foundation's parser, in files small
/// enough for the whole tree it builds. The caller names the file and words the refusal.
package enum PropertyList {
    /// Why bytes were not read as a property list.
    package enum Refusal: Error, Equatable, Sendable {
        /// No bytes at all.
        case empty
        /// A binary plist of a version other than `bplist00`.
        case unsupportedBinaryVersion
        /// A `bplist00` the strict reader refuses, with its reason.
        case binary(BinaryPlistReader.Problem)
        /// XML only Foundation reads (CDATA, `<data>`, another encoding...) in a file larger than
        /// `limit` bytes (`foundationMaxBytes`).
        case tooLargeForFoundation(limit: Int)
        /// Foundation's parser refused the XML; its reason, on one line.
        case foundation(reason: String)
    }

    /// The largest XML plist handed to Foundation when emokit's own reader cannot read it:
    /// Foundation builds the whole tree, at some fifteen times the file's size (one 10 MB CDATA
    /// entry took 154 MiB), so it reads only files the size of honest packs.
    package static let foundationMaxBytes = 1024 * 1024

    /// The document's root value (binary or XML, told apart by content). With `lazyArray`, a
    /// root array of an XML plist comes back as `PlistItems` (parsed item by item as it is read),
    /// else every container is `[Any]` or `[String: Any]`.
    package static func parse(_ data: Data, lazyArray: Bool = false) throws(Refusal) -> Any {
        if data.isEmpty { throw .empty }
        if BinaryPlistReader.isBinary(data) {
            do { return try BinaryPlistReader.read(data) } catch { throw .binary(error) }
        }
        if data.starts(with: Array("bplist".utf8)) { throw .unsupportedBinaryVersion }
        // Plain XML through emokit's lean reader; anything it does not read goes to Foundation.
        if let root = XMLPlistReader.read(data) {
            if !lazyArray, let items = root as? PlistItems { return Array(items) }
            return root
        }
        guard data.count <= foundationMaxBytes else { throw .tooLargeForFoundation(limit: foundationMaxBytes) }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let ns = error as NSError
            let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw .foundation(reason: reason.replacingOccurrences(of: "\n", with: " "))
        }
    }
}

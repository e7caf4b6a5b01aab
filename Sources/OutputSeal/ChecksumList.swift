import Archive
import Checksum
import Foundation
import TextEscaping

/// `SHA256SUMS`: one `<sha256>  <path>` line per file of the output, sorted bytewise by path, in
/// the format `sha256sum -c SHA256SUMS` verifies (run from the output folder). It lists every
/// regular file but itself, so it also fingerprints the whole tree.
package enum ChecksumList {
    package static let fileName = "SHA256SUMS"

    /// The file's contents for the tree in `folder`. `known` and `written` map relative paths to
    /// digests the run already computed (the sheets; the files it streamed), so those files are not
    /// read again (`written` wins).
    package static func make(for folder: URL, known: [String: String] = [:], written: [String: String] = [:]) throws(SealError) -> Data {
        var text = ""
        for path in try files(in: folder) where path != fileName {
            if let digest = written[path] ?? known[path] {
                text += line(digest: digest, path: path)
            } else {
                text += line(digest: try digest(of: folder.appendingPathComponent(path)), path: path)
            }
        }
        return Data(text.utf8)
    }

    /// The regular files under `folder`, relative and sorted bytewise.
    package static func files(in folder: URL) throws(SealError) -> [String] {
        do { return try TarArchive.members(of: folder).filter { !$0.isDirectory }.map(\.path) } catch {
            throw .cannotRead(path: error.path, reason: error.reason)
        }
    }

    /// The SHA-256 of a file, read 64 KiB at a time (a manifest or preview page can be tens of megabytes).
    package static func digest(of url: URL) throws(SealError) -> String {
        guard let file = fopen(url.path, "rb") else { throw .cannotRead(path: url.path, reason: "cannot read (\(String(cString: strerror(errno))))") }
        defer { fclose(file) }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { buffer.withUnsafeBytes { hash.update(buffer: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) } }
            if count < buffer.count { break }
        }
        if ferror(file) != 0 { throw .cannotRead(path: url.path, reason: "cannot read (\(String(cString: strerror(errno))))") }
        return hash.finalize().hexString
    }

    /// One line as GNU sha256sum writes it: a name holding `\` or a newline is escaped and the
    /// line starts with `\`.
    package static func line(digest: String, path: String) -> String {
        guard path.contains("\\") || path.contains("\n") else { return "\(digest)  \(path)\n" }
        let escaped = Escape.sha256sumName(path)
        return "\\\(digest)  \(escaped)\n"
    }

    /// Reads a `SHA256SUMS` file back into path → digest (for checking shards).
    package static func parse(_ data: Data) -> [String: String]? {
        var result: [String: String] = [:]
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            var line = Substring(raw)
            let escaped = line.hasPrefix("\\")
            if escaped { line = line.dropFirst() }
            guard line.count > 66, line.dropFirst(64).hasPrefix("  ") else { return nil }
            var path = String(line.dropFirst(66))
            if escaped { path = unescape(path) }
            result[path] = String(line.prefix(64))
        }
        return result
    }

    package static func unescape(_ text: String) -> String {
        var out = "", pendingBackslash = false
        for character in text {
            if pendingBackslash {
                out.append(character == "n" ? "\n" : character)
                pendingBackslash = false
            } else if character == "\\" {
                pendingBackslash = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}

import Checksum
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of the output written a piece at a time (a manifest, a preview page), so a file of any
/// size costs a buffer of memory, never its whole text. Made by `OutputFolder.writeStreamed`.
package final class StreamedFile {
    private let file: UnsafeMutablePointer<FILE>
    /// The staging path, for errors.
    package let path: String
    /// The SHA-256 of what was written so far (the seal's checksum list takes it from here).
    private var hash = SHA256()

    fileprivate init(url: URL) throws(OutputError) {
        path = url.path
        guard let file = fopen(path, "wb") else { throw .cannotWrite(path: path, reason: "cannot write (\(String(cString: strerror(errno))))") }
        self.file = file
    }

    package func write(_ text: String) throws(OutputError) {
        var text = text
        let complete = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
            hash.update(buffer: UnsafeRawBufferPointer(bytes))
            return fwrite(base, 1, bytes.count, file) == bytes.count
        }
        if !complete { throw .cannotWrite(path: path, reason: "cannot write (\(String(cString: strerror(errno))))") }
    }

    /// Writes bytes as they are (a copied file, a buffer at a time).
    package func write(bytes: [UInt8]) throws(OutputError) {
        let complete = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !raw.isEmpty else { return true }
            hash.update(buffer: raw)
            return fwrite(base, 1, raw.count, file) == raw.count
        }
        if !complete { throw .cannotWrite(path: path, reason: "cannot write (\(String(cString: strerror(errno))))") }
    }

    /// Flushes and closes; a full disk shows here at the latest. Returns the contents' SHA-256.
    fileprivate func close() throws(OutputError) -> String {
        var code: Int32? = fflush(file) == 0 ? nil : errno
        if fclose(file) != 0 && code == nil { code = errno }
        if let code { throw .cannotWrite(path: path, reason: "cannot write (\(String(cString: strerror(code))))") }
        return hash.finalize().hexString
    }

    fileprivate func abandon() { fclose(file) }
}

extension OutputFolder {
    /// Writes the file at `relativePath` inside staging through `body`, piece by piece. Any
    /// error from `body` is the write's error (the half-written file is left for `discard`).
    package func writeStreamed(to relativePath: String, _ body: (StreamedFile) throws(OutputError) -> Void) throws(OutputError) {
        let file = try StreamedFile(url: try prepareFile(relativePath))
        do { try body(file) } catch {
            file.abandon()
            throw error
        }
        noteWritten(relativePath, digest: try file.close())
    }
}

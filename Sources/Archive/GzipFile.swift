import CGzip

/// A gzip file being written, through the `CGzip` shim over zlib. The header carries no
/// timestamp and no name, so equal input bytes give an equal file.
final class GzipFile {
    struct Failure: Error, CustomStringConvertible, Sendable {
        let description: String
    }

    private var handle: OpaquePointer?

    init(path: String, level: Int32) throws(Failure) {
        var message = [CChar](repeating: 0, count: 256)
        guard let opened = emk_gzip_open(path, level, &message, message.count) else {
            throw Failure(description: Self.text(message))
        }
        handle = opened
    }

    func write(_ bytes: [UInt8]) throws(Failure) {
        guard let handle, !bytes.isEmpty else { return }
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { emk_gzip_write(handle, $0.baseAddress, $0.count, &message, message.count) }
        if status != 0 { throw Failure(description: Self.text(message)) }
    }

    /// Writes the trailer and closes the file.
    func finish() throws(Failure) {
        guard let handle else { return }
        self.handle = nil
        var message = [CChar](repeating: 0, count: 256)
        if emk_gzip_close(handle, &message, message.count) != 0 { throw Failure(description: Self.text(message)) }
    }

    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if let handle { emk_gzip_abort(handle) }
    }
}

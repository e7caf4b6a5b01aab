import CGifLib
import FileAccess
import Foundation

/// A GIF file read as giflib asks for it, a buffer at a time, never whole: a GIF may be up to
/// `GIFDecoder.maxFileBytes` (64 MB) of which the pixels are a few kilobytes (one comment
/// extension can fill the rest), and reading it whole held all of it, more than 100 MiB for a
/// run. Every byte of the file is shown once, in order, to `observe` (the run hashes the file it
/// decoded with it), including any after the GIF's end, which giflib never asks for.
final class GIFFileStream {
    private let file: OpenRegularFile
    private let observe: (UnsafeRawBufferPointer) -> Void
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    private var position = 0
    /// Where the bytes shown to `observe` end.
    private var observed = 0
    /// The read that failed, if one did (giflib then sees the file end).
    private(set) var failure: RegularFile.Problem?

    static let chunk = 64 * 1024

    init(_ file: OpenRegularFile, observe: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.file = file
        self.observe = observe
    }

    /// Copies up to `count` bytes at the position to `out`; fewer at the end of the file.
    func read(into out: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var copied = 0
        while copied < count {
            if position >= bufferStart + buffer.count {
                guard fill() else { break }
            }
            let available = bufferStart + buffer.count - position
            let take = min(available, count - copied)
            buffer.withUnsafeBufferPointer { bytes in
                (out + copied).update(from: bytes.baseAddress! + (position - bufferStart), count: take)
            }
            copied += take
            position += take
        }
        return copied
    }

    /// The next buffer of the file, shown to `observe`; false at the end or on a failure.
    private func fill() -> Bool {
        let start = bufferStart + buffer.count
        let count = min(Self.chunk, file.size - start)
        guard count > 0, failure == nil else { return false }
        do { buffer = try file.read(at: start, count: count) } catch {
            failure = error
            return false
        }
        bufferStart = start
        buffer.withUnsafeBytes(observe)
        observed = start + count
        return true
    }

    /// Shows `observe` the bytes after those giflib read (a file is hashed whole).
    func observeRest() throws(RegularFile.Problem) {
        while observed < file.size {
            let count = min(Self.chunk, file.size - observed)
            let bytes = try file.read(at: observed, count: count)
            bytes.withUnsafeBytes(observe)
            observed += count
        }
    }

    /// The C reader giflib calls, its context this stream.
    static let reader: emk_gif_read_fn = { context, out, length in
        guard let context, let out else { return 0 }
        let stream = Unmanaged<GIFFileStream>.fromOpaque(context).takeUnretainedValue()
        return stream.read(into: out, count: length)
    }
}

extension GIFDecoder {
    /// The GIF at `url` decoded as `decode(_:path:)` does, read a buffer at a time (memory holds
    /// the buffer, not the file); `observe` is shown every byte of the file once, in order.
    public func decode(
        contentsOf url: URL, displayPath: String? = nil, observing observe: @escaping (UnsafeRawBufferPointer) -> Void
    ) throws(GIFError) -> Decoded {
        let path = displayPath ?? url.path
        let file: OpenRegularFile
        do { file = try OpenRegularFile(url, maxBytes: limits.maxFileBytes) } catch { throw GIFError(path: path, reason: .unreadable(error.description)) }
        if file.size == 0 { throw GIFError(path: path, reason: .empty) }
        let signature = (try? file.read(at: 0, count: min(6, file.size))) ?? []
        guard signature.elementsEqual(Array("GIF87a".utf8)) || signature.elementsEqual(Array("GIF89a".utf8)) else {
            throw GIFError(path: path, reason: .notGIF)
        }
        let stream = GIFFileStream(file, observe: observe)
        var cLimits = cLimits
        var info = emk_gif_info()
        var rgba: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let context = Unmanaged.passUnretained(stream).toOpaque()
        let status = withExtendedLifetime(stream) {
            emk_gif_decode_stream(GIFFileStream.reader, context, &cLimits, &info, &rgba, &message, message.count)
        }
        if let failure = stream.failure {
            emk_gif_free(rgba)
            throw GIFError(path: path, reason: .unreadable(failure.description))
        }
        let decoded = try decoded(status: status, info: info, rgba: rgba, message: message, path: path)
        do { try stream.observeRest() } catch { throw GIFError(path: path, reason: .unreadable(error.description)) }
        return decoded
    }
}

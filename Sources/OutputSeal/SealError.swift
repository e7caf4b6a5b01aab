import OutputTransaction

/// Why the finished output could not be sealed. The inputs were fine: like `OutputError`, the
/// caller reports these as output failures, and the previous output and archive stay as they were.
package enum SealError: Error, Sendable, Equatable {
    /// `SHA256SUMS` could not be written into the output.
    case output(OutputError)
    /// A file of the finished tree could not be read back for its checksum.
    case cannotRead(path: String, reason: String)
    /// The archive could not be written beside its destination or moved into place.
    case cannotArchive(path: String, reason: String)
}

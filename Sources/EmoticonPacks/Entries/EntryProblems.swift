import Foundation

/// A pack's entry problems, kept up to a cap and counted past it. A plist within the size limit
/// can hold a million bad entries (9.9 MB of `<dict/>`): keeping a message for each took 626 MiB
/// and 34 s, and printing them all helps no one. The first `PackReader.maxEntryProblems` errors
/// and as many warnings are kept, in reading order; the rest are counted in one line each
/// (`and 1,399,900 more entry errors in this file, not listed`), so the run still fails (or
/// warns) as it would have, and memory stays bounded whatever the file holds.
struct EntryProblems {
    let path: String
    var errors: [PackError] = []
    var warnings: [PackError] = []
    var moreErrors = 0
    var moreWarnings = 0
    /// Of `moreWarnings`, those for an entry skipped because its image is missing: they become
    /// errors with the kept ones when no entry is left (`refuseMissingImages`).
    var moreMissingImages = 0

    init(path: String) { self.path = path }

    mutating func refuse(_ error: PackError) {
        if errors.count < PackReader.maxEntryProblems { errors.append(error) } else { moreErrors += 1 }
    }

    mutating func warn(_ warning: PackError) {
        if warnings.count < PackReader.maxEntryProblems {
            warnings.append(warning)
        } else {
            moreWarnings += 1
            if case .missingImage = warning { moreMissingImages += 1 }
        }
    }

    /// Entries skipped for a missing image made errors, when no entry of the pack is left: a tab
    /// with nothing to show is refused, never written and called good.
    mutating func refuseMissingImages() {
        let missing = warnings.filter { if case .missingImage = $0 { true } else { false } }
        guard !missing.isEmpty else { return }
        warnings.removeAll { if case .missingImage = $0 { true } else { false } }
        for warning in missing { refuse(warning.refused) }
        // Those past the cap are counted among the errors too, not left in a warning's count.
        moreErrors += moreMissingImages
        moreWarnings -= moreMissingImages
        moreMissingImages = 0
    }

    /// The kept problems, then the counts of the rest, appended to a pack's own.
    func close(into outcomeErrors: inout [PackError], _ outcomeWarnings: inout [PackError]) {
        outcomeErrors += errors
        if moreErrors > 0 { outcomeErrors.append(.moreEntryProblems(path: path, count: moreErrors, listed: errors.count, severity: .error)) }
        outcomeWarnings += warnings
        if moreWarnings > 0 { outcomeWarnings.append(.moreEntryProblems(path: path, count: moreWarnings, listed: warnings.count, severity: .warning)) }
    }
}

extension PackReader {
    /// How many entry errors (and, apart, warnings) of one pack file are kept and listed.
    public static let maxEntryProblems = 100
    /// Entries are read this many at a time, so the problems of one chunk at most are held
    /// before the cap drops them.
    static let entryChunk = 4096
}

import Foundation

/// A manifest handed out a page at a time, so writing it never holds all its pages at once (a
/// manifest of 40,000 emoticons is tens of megabytes as values, and more while `JSONEncoder`
/// works on it whole). It is the header (every field, each tab's `pages` empty), each tab's page
/// count and a function making one page on demand. `writeJSON` streams exactly the bytes
/// `jsonData()` gives for the whole manifest. Package-internal: the generator writes manifests
/// this way; apps read them as `Manifest`.
package struct PagedManifest {
    /// The manifest without its pages.
    package private(set) var header: Manifest
    /// Each tab's number of pages, parallel to `header.tabs`.
    package let pageCounts: [Int]
    /// Makes page `index` of tab `tab`; called again for each use, never cached.
    package let page: (_ tab: Int, _ index: Int) -> Manifest.Page
    /// Page `index` of tab `tab`'s `sheets` alone (scale to path): the preview's thumbnails need
    /// only these, so a maker can give them without making the page's buttons.
    package let sheets: (_ tab: Int, _ index: Int) -> [String: String]
    /// Page `index` of tab `tab`'s `sheetHashes` alone (scale to SHA-256), likewise: the preview
    /// links each sheet by its version.
    package let sheetHashes: (_ tab: Int, _ index: Int) -> [String: String]
    /// Page `index` of tab `tab` as `writeJSON` writes it, when the maker has its text without
    /// making the page (`SharedPageTexts`); nil, or a nil answer, makes the page.
    package let pageText: ((_ tab: Int, _ index: Int) -> String?)?

    package init(
        header: Manifest, pageCounts: [Int], sheets: ((_ tab: Int, _ index: Int) -> [String: String])? = nil,
        sheetHashes: ((_ tab: Int, _ index: Int) -> [String: String])? = nil,
        pageText: ((_ tab: Int, _ index: Int) -> String?)? = nil, page: @escaping (_ tab: Int, _ index: Int) -> Manifest.Page
    ) {
        precondition(pageCounts.count == header.tabs.count, "one page count per tab")
        var header = header
        for tab in header.tabs.indices { header.tabs[tab].pages = [] }
        self.header = header
        self.pageCounts = pageCounts
        self.page = page
        self.sheets = sheets ?? { page($0, $1).sheets }
        self.sheetHashes = sheetHashes ?? { page($0, $1).sheetHashes }
        self.pageText = pageText
    }

    /// A manifest already whole in memory (manifests read back from shards).
    package init(_ manifest: Manifest) {
        self.init(header: manifest, pageCounts: manifest.tabs.map(\.pages.count)) { manifest.tabs[$0].pages[$1] }
    }

    package var screenWidth: Int { header.screenWidth }

    /// Every sheet the manifest names, with the SHA-256 it records: each page's sheets, the
    /// skin-tone sheets, and the tab icons' sheets (which record none: nil), tab by tab.
    package func sheetFiles() -> [(path: String, sha256: String?)] {
        var files: [(path: String, sha256: String?)] = []
        func add(_ paths: [String: String], _ hashes: [String: String]) {
            for scale in paths.keys.sorted() { files.append((paths[scale]!, hashes[scale])) }
        }
        for (tab, header) in header.tabs.enumerated() {
            for page in 0..<pageCounts[tab] { add(sheets(tab, page), sheetHashes(tab, page)) }
            for sheet in header.variantSheets ?? [] { add(sheet.sheets, sheet.sheetHashes) }
            if let icon = header.icon { add(icon.sheets, [:]) }
        }
        return files
    }

    /// The pages of `tab`, made one by one as the sequence is walked.
    package func pages(ofTab tab: Int) -> LazyMapSequence<Range<Int>, Manifest.Page> {
        (0..<pageCounts[tab]).lazy.map { self.page(tab, $0) }
    }

    /// The whole manifest (every page made and kept): for the few outputs that need it at once.
    package func whole() -> Manifest {
        var manifest = header
        for tab in manifest.tabs.indices {
            var pages: [Manifest.Page] = []
            for index in 0..<pageCounts[tab] { pages.append(page(tab, index)) }
            manifest.tabs[tab].pages = pages
        }
        return manifest
    }

    /// The manifest's JSON in pieces, in order: `Manifest.encoder()`'s bytes for `whole()` (no
    /// final newline; `jsonData()` adds one). The header is encoded once with every tab's pages
    /// empty, then each page alone and indented to its depth where its tab's empty list stands:
    /// pretty-printed JSON of a value is the same text at any depth, only indented.
    /// With `workers` above 1, the pages' text is made that many at a time (a few dozen pages
    /// held at once): a run at one width has no other width to write beside it.
    package func writeJSON(workers: Int = 1, _ emit: (String) throws -> Void) throws {
        let encoder = Manifest.encoder()
        let text = String(decoding: try encoder.encode(header), as: UTF8.self)
        // A tab's empty page list as the encoder writes it inside the manifest (tab keys sit at
        // depth 3; JSON strings hold no raw newline, so this cannot occur inside a value).
        let emptyPages = "\n      \"pages\" : [\n\n      ]"
        let pieces = text.components(separatedBy: emptyPages)
        guard pieces.count == header.tabs.count + 1 else {
            // Another encoder's layout: write the whole manifest (same bytes, more memory).
            try emit(String(decoding: try encoder.encode(whole()), as: UTF8.self))
            return
        }
        for (tab, piece) in pieces.dropLast().enumerated() {
            try emit(piece)
            let count = pageCounts[tab]
            guard count > 0 else {
                try emit(emptyPages)
                continue
            }
            try emit("\n      \"pages\" : [\n")
            let batch = workers > 1 ? 16 * workers : 1
            for first in stride(from: 0, to: count, by: batch) {
                let indices = first..<min(count, first + batch)
                for (index, text) in zip(indices, try pageTexts(tab: tab, indices, workers: workers)) {
                    try emit(text + (index + 1 < count ? ",\n" : "\n"))
                }
            }
            try emit("      ]")
        }
        try emit(pieces[pieces.count - 1])
    }

    /// The text of pages `indices` of `tab`, indented to their depth: without JSONEncoder when
    /// every value is plain (`PageJSON`), else the encoder's.
    private func pageTexts(tab: Int, _ indices: Range<Int>, workers: Int) throws -> [String] {
        func text(_ index: Int) -> Result<String, any Error> {
            if let text = pageText?(tab, index) { return .success(text) }
            let page = page(tab, index)
            if let text = PageJSON.text(page, indent: 8, indentFirstLine: true) { return .success(text) }
            return Result { Self.indented(try Manifest.encoder().encode(page), by: 8) }
        }
        guard workers > 1, indices.count > 1 else { return try indices.map { try text($0).get() } }
        var texts = [Result<String, any Error>?](repeating: nil, count: indices.count)
        texts.withUnsafeMutableBufferPointer { slots in
            // The page maker only reads what it was made from; each iteration writes its own slot.
            let shared = UncheckedShare((slots, text))
            DispatchQueue.concurrentPerform(iterations: indices.count) { offset in
                let (slots, text) = shared.value
                slots[offset] = text(indices.lowerBound + offset)
            }
        }
        return try texts.map { try $0!.get() }
    }

    /// `json` with `spaces` spaces before each line that is not empty (as the encoder indents a
    /// nested value: an empty list's blank line stays blank).
    static func indented(_ json: Data, by spaces: Int) -> String {
        json.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines = 1
            for byte in bytes where byte == 0x0A { lines += 1 }
            return String(unsafeUninitializedCapacity: bytes.count + lines * spaces) { out in
                var count = 0
                var lineStart = true
                for byte in bytes {
                    if lineStart && byte != 0x0A {
                        for _ in 0..<spaces { out[count] = 0x20; count += 1 }
                    }
                    out[count] = byte
                    count += 1
                    lineStart = byte == 0x0A
                }
                return count
            }
        }
    }
}

/// Values the iterations of `pageTexts` share (see there).
private struct UncheckedShare<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

import EmoticonManifest
import OutputTransaction

/// An output written from the finished manifests beside the sheets, for the tools around emokit
/// (an Xcode asset catalog, web sprite data). `SiteStep` writes every writer it is handed, in
/// `generate` and in `merge` alike, so a merged site has them too.
///
/// A new platform's output is one type conforming to this, in its own file here; a typed request
/// in the options (`OutputRequests`) with the settings row that sets it; and one line where the
/// run is assembled (`OutputWriters`, in `Pipeline`) that makes the writer from the request. The
/// writer adds the manifest fields it owns through `annotation(for:)`: the core manifest
/// (`ManifestBuilder`) knows no output.
package protocol ManifestWriter: Sendable {
    /// The fields this output adds to the manifests of a run made from `sources`, or nil when it
    /// adds none. Applied to each manifest as it is made (a page at a time), before it is written
    /// or recorded in a shard; `merge` reads the fields back from the shards' manifests.
    func annotation(for sources: ManifestSources) -> ManifestAnnotation?
    func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError)
}

extension ManifestWriter {
    package func annotation(for sources: ManifestSources) -> ManifestAnnotation? { nil }
}

/// What the manifests were made from, as the writers' annotations need it: each tab's id and
/// each entry's name sources, by tab and entry (the order of `Manifest.Button.entry`).
package struct ManifestSources: Sendable {
    package let tabIDs: [String]
    package let entries: [[WebClassNames.Source]]

    package init(tabIDs: [String], entries: [[WebClassNames.Source]]) {
        precondition(tabIDs.count == entries.count, "one entry list per tab")
        self.tabIDs = tabIDs
        self.entries = entries
    }
}

/// The manifest fields one output owns, as two transforms: of the header (each tab's fields)
/// and of each page (its fields and its buttons'), for the page makers of `PagedManifest`.
package struct ManifestAnnotation: Sendable {
    /// Adds the output's fields to a manifest's header (its tabs, without pages).
    package var header: @Sendable (inout Manifest) -> Void
    /// Adds the output's fields to page `page` of tab `tab` of the manifest of width `width`.
    package var page: @Sendable (_ page: inout Manifest.Page, _ tab: Int, _ width: Int) -> Void

    package init(
        header: @escaping @Sendable (inout Manifest) -> Void = { _ in },
        page: @escaping @Sendable (_ page: inout Manifest.Page, _ tab: Int, _ width: Int) -> Void = { _, _, _ in }
    ) {
        self.header = header
        self.page = page
    }
}

extension PagedManifest {
    /// This manifest with `annotations` applied, in order, to its header and to each page as
    /// it is made (pages stay made on demand). Its pages are made whole: an annotation may write
    /// a page differently at each width (an image set's name), so the text widths share
    /// (`pageText`, `SharedPageTexts`) is not kept; `--xcassets` and `--web` runs write their
    /// manifests as they did before it.
    package func annotated(_ annotations: [ManifestAnnotation]) -> PagedManifest {
        guard !annotations.isEmpty else { return self }
        var header = self.header
        for annotation in annotations { annotation.header(&header) }
        let width = header.screenWidth
        let base = self
        return PagedManifest(
            header: header, pageCounts: pageCounts, sheets: base.sheets, sheetHashes: base.sheetHashes,
            page: { tab, index in
                var page = base.page(tab, index)
                for annotation in annotations { annotation.page(&page, tab, width) }
                return page
            })
    }
}

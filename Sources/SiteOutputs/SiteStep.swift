import BundledTemplates
import EmoticonManifest
import Foundation
import OutputTransaction
import PreviewSite
import RunSteps

/// Everything written from the finished manifests: `manifests/<width>.json`, the asset catalog and
/// the preview site (index, per-width previews, sitemap). `generate` runs it after rendering the pages, and
/// `merge` runs the very same step on the manifests joined from shards, which is what makes a
/// merged site byte-identical to a single run. Outputs derived from the manifests belong here
/// (their settings in `Settings`), so that merged sites get them too.
package struct SiteStep {
    /// The settings this step reads (a shard records them for `merge`).
    package struct Settings: Equatable, Sendable {
        package var preview: Bool
        package var baseURL: String?

        package init(preview: Bool, baseURL: String?) {
            self.preview = preview
            self.baseURL = baseURL
        }
    }

    package let settings: Settings
    /// The outputs beside the sheets this run writes, in the order they write: handed in by
    /// whoever assembles the run (`OutputWriters`), each made from its own typed request.
    package let writers: [any ManifestWriter]

    package init(settings: Settings, writers: [any ManifestWriter]) {
        self.settings = settings
        self.writers = writers
    }

    /// Writes every output of the manifests. Each manifest is written a page at a time, and its
    /// JSON made once for both its file and its preview page (a per-width preview embeds it; the
    /// any-width previews share the reference width's), so memory stays flat in the number of
    /// pages. Widths are written `workers` at a time (each width's files are its own, and at nine
    /// widths the JSON is most of a rebuild's time), after the reference width when the previews
    /// share its data (they link it by its version).
    package func write(manifests: [PagedManifest], summary: PreviewSiteBuilder.Summary, to output: OutputFolder, workers: Int = 1) throws(OutputError) {
        var site =
            settings.preview
            ? PreviewSiteBuilder(
                templates: BundledTemplates.files.mapValues { Data($0) }, manifests: manifests, summary: summary,
                publicURLs: settings.baseURL.flatMap { PublicURLs(base: $0) }) : nil
        // The pages link their script, style and sheets by version (`PreviewSiteBuilder.versions`).
        var assets: [PreviewSiteBuilder.File] = []
        if var builder = site {
            do { assets = try builder.assetFiles() } catch { throw OutputError.cannotWrite(path: "preview templates", reason: "\(error)") }
            for file in assets { builder.versions[file.path] = WebFileVersions.version(of: file.data) }
            builder.versions.merge(try Self.sheetVersions(manifests, output: output)) { first, _ in first }
            site = builder
        }

        // Manifests, one per width, each with its preview page. The page makers and the builder
        // only read what they were made from, so two widths can be written at once. Any-width
        // pages link the shared data by its version, so the width that writes it goes first,
        // alone (its manifest's pages made by every worker), and the others follow.
        var remaining = Array(manifests.indices)
        if let reference = site?.reference, site?.sharesData == true, let first = manifests.firstIndex(where: { $0.screenWidth == reference.screenWidth }) {
            try writeWidths([first], manifests: manifests, site: site, to: output, workers: workers)
            site?.versions[PreviewSiteBuilder.sharedDataPath] = try Self.sharedDataVersion(output)
            remaining.removeAll { $0 == first }
        }
        try writeWidths(remaining, manifests: manifests, site: site, to: output, workers: workers)

        // Formats for the tools around emokit (an Xcode asset catalog, web sprite data).
        for writer in writers { try writer.write(manifests, output: output) }

        // Preview site: the script and style, the index and the sitemap.
        if let site {
            let files: [PreviewSiteBuilder.File]
            do { files = try site.siteFiles() } catch { throw OutputError.cannotWrite(path: "preview templates", reason: "\(error)") }
            for file in assets + files { try output.write(file.data, to: file.path) }
        }
    }

    /// The versions of the sheets the previews show: page and skin-tone sheets from the
    /// manifests' hashes, the tab icons' sheets (which have none there) read back.
    static func sheetVersions(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError) -> [String: String] {
        var versions: [String: String] = [:]
        var unhashed = Set<String>()
        for manifest in manifests {
            for file in manifest.sheetFiles() {
                if let digest = file.sha256 { versions[file.path] = WebFileVersions.version(ofDigest: digest) } else { unhashed.insert(file.path) }
            }
        }
        let read = try WebFileVersions.read(unhashed.filter { versions[$0] == nil }.sorted(), output: output)
        return versions.merging(read.byPath) { first, _ in first }
    }

    /// The version of the shared data the any-width previews link (`PreviewSiteBuilder.versions`),
    /// from the digest noted as it was written.
    static func sharedDataVersion(_ output: OutputFolder) throws(OutputError) -> String {
        guard let digest = output.digestsOfWrittenFiles[PreviewSiteBuilder.sharedDataPath] else {
            throw .cannotWrite(path: PreviewSiteBuilder.sharedDataPath, reason: "written without its digest, so the preview pages cannot name its version")
        }
        return WebFileVersions.version(ofDigest: digest)
    }

    /// The manifests of `indices`, each with its preview page (and the shared data, for the
    /// reference width), `workers` widths at a time.
    private func writeWidths(_ indices: [Int], manifests: [PagedManifest], site: PreviewSiteBuilder?, to output: OutputFolder, workers: Int) throws(OutputError) {
        guard !indices.isEmpty else { return }
        let shared = UncheckedShare((manifests, site))
        // Workers left over when there are fewer widths than workers make each width's pages.
        let pageWorkers = max(1, workers / indices.count)
        let writeWidth: @Sendable (Int, inout Void) throws(OutputError) -> Void = { (index, _: inout Void) throws(OutputError) in
            let (manifests, site) = shared.value
            let manifest = manifests[index]
            let path = "manifests/\(manifest.screenWidth).json"
            try output.writeStreamed(to: path) { (file) throws(OutputError) in
                // The manifest's JSON into its file, each piece also handed to `emit` (a per-width
                // preview page, or the any-width previews' shared data) as it is made.
                var written = false
                let json: Template.JSONStream = { emit in
                    try manifest.writeJSON(workers: pageWorkers) { piece in
                        if !written { try file.write(piece) }
                        try emit(piece)
                    }
                    written = true
                }
                if let site {
                    // Any-width pages only name their width: the reference width's manifest is
                    // the data they all read, written before any page links it by its version.
                    let sharesData = site.sharesData
                    if sharesData && site.reference?.screenWidth == manifest.screenWidth {
                        try output.writeStreamed(to: PreviewSiteBuilder.sharedDataPath) { (data) throws(OutputError) in
                            try Self.reporting(path: PreviewSiteBuilder.sharedDataPath) { try site.writeSharedData(json: json, into: { try data.write($0) }) }
                        }
                    }
                    var site = site
                    if sharesData && site.versions[PreviewSiteBuilder.sharedDataPath] == nil {
                        site.versions[PreviewSiteBuilder.sharedDataPath] = try Self.sharedDataVersion(output)  // the width that wrote it
                    }
                    try output.writeStreamed(to: PreviewSiteBuilder.previewPath(width: manifest.screenWidth)) { (preview) throws(OutputError) in
                        try Self.reporting(path: "preview templates") {
                            try site.writePreview(manifest, json: sharesData ? { _ in } : json, into: { try preview.write($0) })
                        }
                    }
                }
                if !written { try Self.reporting(path: path) { try manifest.writeJSON(workers: pageWorkers) { try file.write($0) } } }
                try file.write("\n")
            }
        }
        _ = try WorkQueue.run(indices, workers: workers, makeState: {}, body: writeWidth)
    }

    /// Runs `body`; an error that is not already an output error names `path`.
    package static func reporting(path: String, _ body: () throws -> Void) throws(OutputError) {
        do { try body() } catch let error as OutputError { throw error } catch { throw .cannotWrite(path: path, reason: "\(error)") }
    }
}

/// Values shared read-only by the workers of `SiteStep.write` (closures the compiler cannot see
/// are only read).
private struct UncheckedShare<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

import BundledTemplates
import EmoticonManifest
import Foundation
import PreviewSite

/// Everything written from the finished manifests: `manifests/<width>.json`, the asset catalog and
/// the preview site (index, per-width previews, sitemap). `generate` runs it after rendering the pages, and
/// `merge` runs the very same step on the manifests joined from shards, which is what makes a
/// merged site byte-identical to a single run. Outputs derived from the manifests belong here
/// (their settings in `Settings`), so that merged sites get them too.
struct SiteStep {
    /// The settings this step reads, recorded in each shard for `merge`.
    struct Settings: Codable, Equatable, Sendable {
        var preview: Bool
        var baseURL: String?
        /// `--xcassets NAME`.
        var assetCatalog: String?
        /// `--web`.
        var web = false

        init(_ options: GeneratorOptions) {
            preview = options.writePreview
            baseURL = options.publishing.baseURL?.base
            assetCatalog = options.assetCatalog
            web = options.writeWeb
        }
    }

    let settings: Settings

    func write(manifests: [Manifest], summary: PreviewSiteBuilder.Summary, to output: OutputFolder) throws(GenerationError) {
        // Manifests, one per width.
        for manifest in manifests {
            let data: Data
            do { data = try manifest.jsonData() } catch { throw GenerationError.output(path: "manifests/\(manifest.screenWidth).json", reason: "\(error)") }
            try output.write(data, to: "manifests/\(manifest.screenWidth).json")
        }

        // Formats for the tools around emokit: an Xcode asset catalog (from the staged sheets).
        if let catalog = settings.assetCatalog { try AssetCatalogWriter(name: catalog).write(manifests, output: output) }
        if settings.web { try WebSpriteWriter().write(manifests, output: output) }

        // Preview site.
        if settings.preview {
            let site = PreviewSiteBuilder(
                templates: BundledTemplates.files.mapValues { Data($0) }, manifests: manifests, summary: summary,
                publicURLs: settings.baseURL.flatMap { PublicURLs(base: $0) })
            let files: [PreviewSiteBuilder.File]
            do { files = try site.build() } catch { throw GenerationError.output(path: "preview templates", reason: "\(error)") }
            for file in files { try output.write(file.data, to: file.path) }
        }
    }
}

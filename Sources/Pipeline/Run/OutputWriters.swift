import AndroidOutput
import EmoticonManifest
import EmoticonPacks
import Imaging
import SiteOutputs

/// The one place an output writer is registered: which writer serves which request of
/// `OutputRequests`, made with what it needs (its request, the sheets' encoder for images it
/// encodes). The settings table only sets the requests; `SiteStep` writes the writers it is
/// handed; `ManifestBuilder` knows none of them: each adds its own manifest fields
/// (`ManifestWriter.annotation`), applied here to the manifests a run makes.
package enum OutputWriters {
    /// The writers of `requests`, in the order they write. `sheetLayout` names the catalog's image
    /// sets (`merge` leaves it as it is: it writes the names its shards' manifests hold).
    package static func writers(
        for requests: OutputRequests, sheetLayout: Manifest.SheetLayout = .anyWidth, assetCatalogWidths: [Int]?, encoder: PNGEncoder
    ) -> [any ManifestWriter] {
        var writers: [any ManifestWriter] = []
        if let catalog = requests.assetCatalog {
            writers.append(AssetCatalogWriter(name: catalog.name, sheetLayout: sheetLayout, widths: assetCatalogWidths, encoder: encoder))
        }
        if requests.web != nil { writers.append(WebSpriteWriter()) }
        if let android = requests.android { writers.append(AndroidWriter(densities: android.densities)) }
        return writers
    }

    /// The writers a run with `options` asks for.
    package static func writers(for options: GeneratorOptions) -> [any ManifestWriter] {
        writers(for: options.outputs, sheetLayout: options.sheetLayout, assetCatalogWidths: options.assetCatalogWidths, encoder: options.encoder)
    }

    /// `manifests` with every writer's fields added, each page as it is made.
    static func annotate(_ manifests: [PagedManifest], by writers: [any ManifestWriter], packs: [EmoticonPack]) -> [PagedManifest] {
        let sources = self.sources(packs)
        let annotations = writers.compactMap { $0.annotation(for: sources) }
        return manifests.map { $0.annotated(annotations) }
    }

    /// What the writers' annotations read of the packs: each entry's image name or text (never
    /// its position), by tab and entry.
    static func sources(_ packs: [EmoticonPack]) -> ManifestSources {
        let entries = packs.map { pack in
            pack.entries.map { entry -> WebClassNames.Source in
                switch entry.content {
                case .image(let file): return .init(imageName: file.name, text: entry.text, isEmoji: false)
                case .emoji(let text): return .init(imageName: nil, text: text, isEmoji: true)
                }
            }
        }
        return ManifestSources(tabIDs: packs.map(\.id), entries: entries)
    }
}

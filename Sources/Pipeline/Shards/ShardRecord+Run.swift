import Checksum
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import PreviewSite
import SiteOutputs

/// A canonical text of any value, for fingerprints: every stored property recursively (so new
/// settings count without being listed here), with dictionaries and sets sorted.
enum CanonicalText {
    /// The modules made from the one module `Generator` (`Settings` holds its option types since they
    /// moved there; nothing of `Settings` was in a key before). A value's own text names its type's
    /// module (`Pipeline.GeneratorOptions.Layout.grid`); these keep the name `Generator`, so
    /// fingerprints and page cache keys do not change with where a type lives.
    static let generatorModules: Set<String> = ["Pipeline", "RunSteps", "OutputTransaction", "SiteOutputs", "OutputSeal", "EmojiTabs", "Settings"]
    /// The module cut out of `EmoticonPacks` (the pack value types: `TitleLocale`, `PackChoices`...):
    /// its types keep the name `EmoticonPacks`, for the same reason.
    static let packModules: Set<String> = ["EmoticonPackModel"]

    static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?, .enum?, .tuple?:
            if mirror.children.isEmpty { return reflecting(value) }
            let fields = mirror.children.map { "\($0.label ?? "_")=\(of($0.value))" }
            return "\(mirror.subjectType)(\(fields.joined(separator: ",")))"
        case .optional?:
            return mirror.children.first.map { of($0.value) } ?? "nil"
        case .collection?:
            return "[" + mirror.children.map { of($0.value) }.joined(separator: ",") + "]"
        case .dictionary?, .set?:
            return "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "}"
        default:
            return reflecting(value)
        }
    }

    /// `String(reflecting:)`, a type of `generatorModules` named in the module `Generator`, one of
    /// `packModules` in `EmoticonPacks`.
    static func reflecting(_ value: Any) -> String {
        let text = String(reflecting: value)
        let typeName = String(reflecting: type(of: value))
        guard let dot = typeName.firstIndex(of: "."), text.hasPrefix(typeName) else { return text }
        let module = String(typeName[..<dot])
        if generatorModules.contains(module) { return "Generator" + text[dot...] }
        if packModules.contains(module) { return "EmoticonPacks" + text[dot...] }
        return text
    }
}

extension ShardRecord.Site {
    /// What `merge` needs to write the site as this run would: the site step's settings, the
    /// outputs asked for (in their recorded form) and the sheets' encoder, for the writers that
    /// encode images.
    init(_ options: GeneratorOptions) {
        self.init(
            preview: options.writePreview, baseURL: options.publishing.baseURL?.base, outputs: options.outputs.recorded,
            compressionLevel: options.encoder.compressionLevel, memoryLevel: options.encoder.memoryLevel, sizeBudget: options.publishing.sizeBudget)
    }

    /// The site step's settings this record holds.
    var siteSettings: SiteStep.Settings { SiteStep.Settings(preview: preview, baseURL: baseURL) }

    /// The outputs this record asks for. A record is checked when read (`ShardRecord.check`
    /// refuses outputs emokit does not write), so none is dropped here.
    var requests: OutputRequests { (try? OutputRequests(recorded: outputs)) ?? OutputRequests() }

    /// The writers of the outputs this record asks for, as `generate` registered them. Merged
    /// manifests already hold the fields the writers add (the shards' runs added them), so only
    /// their files are written.
    var outputWriters: [any ManifestWriter] {
        OutputWriters.writers(for: requests, assetCatalogWidths: nil, encoder: PNGEncoder(compressionLevel: compressionLevel, memoryLevel: memoryLevel))
    }
}

extension Generator {
    /// The fingerprint of this run that every shard must share: emokit's version, every option
    /// except where this shard writes (output, shard, cache, archive, concurrency) with paths
    /// reduced to names, and the summary of the packs and emoji source. Nothing in it depends on
    /// where the packs sit: two checkouts in different folders make the same fingerprint.
    func runFingerprint(summary: PreviewSiteBuilder.Summary, tabs: [ShardRecord.Tab], entries: [[String]]) -> String {
        func named(_ url: URL?) -> URL? { url.map { URL(fileURLWithPath: "/" + $0.lastPathComponent) } }
        var normalized = options
        normalized.inputs = []
        normalized.output = URL(fileURLWithPath: "/")
        normalized.concurrency = 0
        normalized.deleteIcon = nil
        normalized.emojiSource = .font(path: nil)
        normalized.emojiData = named(options.emojiData)
        normalized.cldr = named(options.cldr)
        normalized.publishing = PublishingOptions()
        normalized.publishing.baseURL = options.publishing.baseURL
        // The version as the options held it before it moved out of the settings (a fingerprint
        // reads an optional as its value): fingerprints stay as they were.
        normalized.publishing.cacheVersion = EmokitResources.version
        var text = "emokit \(EmokitResources.version)\n" + CanonicalText.of(normalized) + "\n"
        text += "inputs=\(options.inputs.map(\.lastPathComponent)) deleteIcon=\(options.deleteIcon?.lastPathComponent ?? "-")\n"
        text += CanonicalText.of(summary) + "\n" + CanonicalText.of(tabs) + "\n" + CanonicalText.of(entries)
        return SHA256.hexDigest(Array(text.utf8))
    }

    /// An entry as the fingerprint sees it: its text and what it shows, an image by its name in
    /// the pack (never by the folder it sits in).
    static func fingerprintText(_ entry: Entry) -> String {
        switch entry.content {
        case .emoji(let text): return "\(entry.text)\temoji \(text)"
        case .image(let file):
            return "\(entry.text)\timage \(file.format.rawValue) " + file.variants.map { "@\($0.scale) \($0.displayPath)" }.joined(separator: " ")
        }
    }

    /// With `--shard`: every tab's page count and shard; nil for a whole run.
    func shardAssignment(_ packs: [EmoticonPack]) -> [ShardRecord.Tab]? {
        guard let shard = options.publishing.shard else { return nil }
        let pages = packs.map { PageLayout.pageCount(entries: $0.entries.count, grid: options.grid) }
        let owners = ShardSpec.assign(pageCounts: pages, shards: shard.count)
        return packs.indices.map { ShardRecord.Tab(id: packs[$0].id, pages: pages[$0], shard: owners[$0]) }
    }

    func shardRecord(_ packs: [EmoticonPack], tabs: [ShardRecord.Tab], manifests: [Manifest], summary: PreviewSiteBuilder.Summary) -> ShardRecord {
        let entries = packs.map { pack in pack.entries.map(Self.fingerprintText) }
        return ShardRecord(
            emokit: EmokitResources.version, run: runFingerprint(summary: summary, tabs: tabs, entries: entries),
            shard: options.publishing.shard!, tabs: tabs, site: ShardRecord.Site(options), summary: summary, manifests: manifests)
    }
}

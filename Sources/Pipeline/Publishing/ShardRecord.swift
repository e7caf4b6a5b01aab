import Checksum
import EmoticonManifest
import EmoticonPacks
import Foundation
import KeyboardLayout
import PreviewSite
import SiteOutputs

/// `emokit-shard.json`: what a `--shard K/N` run leaves for `merge` besides its sheets. It holds
/// the run's identity (emokit version and a fingerprint of every setting and of the packs), which
/// tab went to which shard, the settings of the site step, the index's summary, and the
/// manifests as this shard sees them (its own tabs complete, the others without sheets).
struct ShardRecord: Codable, Equatable, Sendable {
    static let fileName = "emokit-shard.json"
    static let currentFormat = 1

    struct Tab: Codable, Equatable, Sendable {
        var id: String
        var pages: Int
        var shard: Int
    }

    var format = ShardRecord.currentFormat
    var emokit: String
    /// SHA-256 over the settings (without output, shard, cache, archive and concurrency) and the
    /// packs' entries; equal in every shard of one run.
    var run: String
    var shard: ShardSpec
    var tabs: [Tab]
    var site: SiteStep.Settings
    var summary: PreviewSiteBuilder.Summary
    var manifests: [Manifest]

    func data() throws(GenerationError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do { return try encoder.encode(self) } catch { throw .output(path: Self.fileName, reason: "\(error)") }
    }

    static func read(from folder: URL) throws(MergeError) -> ShardRecord {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { throw .notAShard(folder: folder.path) }
        do { return try JSONDecoder().decode(ShardRecord.self, from: data) } catch {
            throw .damaged(folder: folder.path, file: fileName, reason: "not a shard record this emokit reads (\(error))")
        }
    }
}

/// A canonical text of any value, for fingerprints: every stored property recursively (so new
/// settings count without being listed here), with dictionaries and sets sorted.
enum CanonicalText {
    /// The modules made from the one module `Generator` (`Settings` holds its option types since they
    /// moved there; nothing of `Settings` was in a key before). A value's own text names its type's
    /// module (`Pipeline.GeneratorOptions.Layout.grid`); these keep the name `Generator`, so
    /// fingerprints and page cache keys do not change with where a type lives.
    static let generatorModules: Set<String> = ["Pipeline", "PipelineSteps", "OutputTransaction", "SiteOutputs", "Publishing", "EmojiTabs", "Settings"]

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

    /// `String(reflecting:)`, a type of `generatorModules` named in the module `Generator`.
    static func reflecting(_ value: Any) -> String {
        let text = String(reflecting: value)
        let typeName = String(reflecting: type(of: value))
        guard let dot = typeName.firstIndex(of: "."), generatorModules.contains(String(typeName[..<dot])), text.hasPrefix(typeName) else { return text }
        return "Generator" + text[dot...]
    }
}

extension Generator {
    /// The fingerprint of this run that every shard must share: emokit's version, every option
    /// except where this shard writes (output, shard, cache, archive, concurrency) with paths
    /// reduced to names, and the summary of the packs and emoji source.
    func runFingerprint(summary: PreviewSiteBuilder.Summary, tabs: [ShardRecord.Tab], entries: [[String]]) -> String {
        var normalized = options
        normalized.inputs = []
        normalized.output = URL(fileURLWithPath: "/")
        normalized.concurrency = 0
        normalized.deleteIcon = nil
        normalized.emojiSource = .font(path: nil)
        normalized.publishing = PublishingOptions()
        normalized.publishing.baseURL = options.publishing.baseURL
        var text = "emokit \(EmokitResources.version)\n" + CanonicalText.of(normalized) + "\n"
        text += "inputs=\(options.inputs.map(\.lastPathComponent)) deleteIcon=\(options.deleteIcon?.lastPathComponent ?? "-")\n"
        text += CanonicalText.of(summary) + "\n" + CanonicalText.of(tabs) + "\n" + CanonicalText.of(entries)
        return SHA256.hexDigest(Array(text.utf8))
    }
}

extension Generator {
    /// With `--shard`: every tab's page count and shard; nil for a whole run.
    func shardAssignment(_ packs: [EmoticonPack]) -> [ShardRecord.Tab]? {
        guard let shard = options.publishing.shard else { return nil }
        let pages = packs.map { PageLayout.pageCount(entries: $0.entries.count, grid: options.grid) }
        let owners = ShardSpec.assign(pageCounts: pages, shards: shard.count)
        return packs.indices.map { ShardRecord.Tab(id: packs[$0].id, pages: pages[$0], shard: owners[$0]) }
    }

    func shardRecord(_ packs: [EmoticonPack], tabs: [ShardRecord.Tab], manifests: [Manifest], summary: PreviewSiteBuilder.Summary) -> ShardRecord {
        let entries = packs.map { pack in pack.entries.map { "\($0.text)\t\($0.content)" } }
        return ShardRecord(
            emokit: EmokitResources.version, run: runFingerprint(summary: summary, tabs: tabs, entries: entries),
            shard: options.publishing.shard!, tabs: tabs, site: SiteStep.Settings(options), summary: summary, manifests: manifests)
    }
}

import Foundation
import Pipeline

/// `generate --json`: the run's summary for scripts and CI, one JSON object on stdout. Keys are
/// sorted; everything but `timings` is the same for the same inputs.
struct GenerateSummary: Encodable {
    struct Tab: Encodable { var id: String; var title: String; var entries: Int; var pages: Int }
    struct File: Encodable { var path: String; var bytes: Int }
    struct Sheets: Encodable { var count: Int; var bytes: Int }
    /// `--shard K/N`: which share this run was and the ids of the tabs it rendered (`tabs` lists all).
    struct Shard: Encodable { var index: Int; var count: Int; var tabs: [String] }

    var ok: Bool
    var output: String
    var tabs: [Tab] = []
    var sheets = Sheets(count: 0, bytes: 0)
    /// Every file of the output folder (relative, sorted bytewise) with its size.
    var files: [File] = []
    var pages = PageCounts()
    var warnings: [String] = []
    var notes: [String] = []
    var errors: [String] = []
    var timings: [StepTiming] = []
    /// Only with `--shard` (left out of the JSON otherwise).
    var shard: Shard?
    /// What an app ships per platform and scale, and every sheet (a shard's: its own tabs');
    /// left out of a failure's JSON.
    var sizes: ShippedSizesSummary?

    /// `printer` names the files in messages as the printed lines do (`DiagnosticPrinter.text`);
    /// `budget` is `--size-budget`, which the run met.
    init(report: Generator.Report, shard spec: ShardSpec? = nil, budget: Int? = nil, printer: DiagnosticPrinter? = nil) {
        ok = true
        output = report.output.path
        tabs = report.tabs.map { Tab(id: $0.id, title: $0.title, entries: $0.entries, pages: $0.pages) }
        sheets = Sheets(count: report.sheetCount, bytes: report.sheetBytes)
        files = Self.files(in: report.output)
        pages = report.pages
        let text = printer?.text ?? DiagnosticPrinter.text
        warnings = report.warnings.map(text)
        notes = report.notes.map(text)
        timings = report.timings
        sizes = ShippedSizesSummary(report.sizes, budget: budget)
        if let spec, let own = report.shardTabs { shard = Shard(index: spec.index, count: spec.count, tabs: own.map { report.tabs[$0].id }) }
    }

    init(failure error: GenerationError, output: URL, printer: DiagnosticPrinter? = nil) {
        ok = false
        self.output = output.path
        let text = printer?.text ?? DiagnosticPrinter.text
        warnings = error.diagnostics(.warning).map(text)
        errors = error.diagnostics(.error).map(text)
    }

    func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    static func files(in folder: URL) -> [File] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [File] = []
        while let relative = walker.nextObject() as? String {
            guard let attributes = walker.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files.append(File(path: relative, bytes: (attributes[.size] as? NSNumber)?.intValue ?? 0))
        }
        return files.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }
}

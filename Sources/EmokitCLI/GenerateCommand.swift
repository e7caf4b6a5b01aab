import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import Pipeline

/// `emokit generate <pack or packs root>... --out DIR`: the main job.
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate sprite sheets, manifests and the HTML preview from emoticon packs.",
        positionalName: "pack", positionalHelp: "A pack folder (Emoji.plist or info.plist) or a folder of packs.",
        minimumPositionals: 1,
        options: [
            .value("config", "file", short: "c", help: "A JSON config file (see README); flags override it."),
            .value("out", "dir", short: "o", help: "Output folder (default: emokit-output). Replaced whole on success."),
            .value("widths", "list", help: "Screen widths in points, each 100-4096 (default: 320,375,390,414,428)."),
            .value("scales", "list", help: "Pixel scales, each 1-4 (default: 2,3)."),
            .value("layout", "classic|weibo", help: "The keyboard the frames follow (default: classic, 8x4; weibo: YYKit's 7x3)."),
            .value("columns", "n", help: "Grid columns, 1-32 (default: 8)."),
            .value("rows", "n", help: "Grid rows, 1-32 (default: 4)."),
            .value("row-height", "pt", help: "Row height, 8-500 (default: 50)."),
            .value("icon-size", "pt", help: "Icon size, 4-500 and at most the cell, centred in it (default: 32)."),
            .value("toolbar-height", "pt", help: "Toolbar height, 1-500 (default: 50)."),
            .value("page-control-height", "pt", help: "Page control height, 1-500 (default: 30)."),
            .value("tab-bar-height", "pt", help: "Tab bar height, 1-500 (default: 37)."),
            .value("locale", TitleLocale.choices, help: "Which group name titles a tab (default: cn)."),
            .value("delete-icon", "file", help: "Delete button icon (and its @2x/@3x); a pack's own delete.png wins for its tab."),
            .value("emoji-font", "path", help: "Colour emoji font (default: Noto Color Emoji from the system)."),
            .value("emoji-images", "dir", help: "Folder of emoji PNGs named by code points, instead of a font."),
            .flag("emoji-keyboard", help: "Add the Unicode emoji keyboard after the packs: one tab per emoji group, skin tones on long press."),
            .flag("no-emoji-keyboard", help: "Leave out the emoji keyboard, even if the config file adds it."),
            .value("emoji-data", "file", help: "Unicode's emoji-test.txt (default: /usr/share/unicode/emoji/emoji-test.txt)."),
            .value("cldr", "dir", help: "CLDR's common folder, for emoji names and keywords (default: /usr/share/unicode/cldr/common)."),
            .value("missing-glyph", "fail|skip", help: "An emoji without a glyph stops the run (fail, default) or leaves its cell empty (skip)."),
            .flag("lenient", help: "Skip bad entries (and bad images) with a warning instead of failing the run."),
            .flag("no-lenient", help: "Stop at the first bad entry (the default), even if the config file says lenient."),
            .flag("strict", help: "Treat warnings about the packs (skipped folders, unknown keys, enlarged images) as errors."),
            .flag("no-strict", help: "Keep warnings about the packs as warnings (the default), even if the config file says strict."),
            .value("max-width", "pixels", help: "Refuse images wider than this, 1-65535 (default: 8192)."),
            .value("max-height", "pixels", help: "Refuse images taller than this, 1-65535 (default: 8192)."),
            .value("max-pixels", "count", help: "Refuse images with more pixels than this, 1-1073741824 (default: 67108864)."),
            .value("max-plist-size", "MB", help: "Refuse plists larger than this, 1-1024 (default: 10)."),
            .value("compression", "0-9|max", help: "How hard to compress the sheets, 0-9 (default: 3); max: the smallest sheets, several times slower, for the sheets you ship."),
            .value("jobs", "n", short: "j", help: "Pages rendered at once, 1-256 (default: the number of cores)."),
            .flag("preview", help: "Write the HTML preview (the default), even if the config file turns it off."),
            .flag("no-preview", help: "Do not write the HTML preview."),
            .value("base-url", "url", help: "The site's public address: adds sitemap.xml and Open Graph tags (links stay relative)."),
            .value("archive", "file.tar.gz", help: "Also write the output as a reproducible .tar.gz there (outside the output folder)."),
            .optionalValue("xcassets", "name", help: "Also write an Xcode asset catalog NAME.xcassets (default: Emoticons), an image set per page."),
            .flag("no-xcassets", help: "Do not write an asset catalog, even if the config file asks for one."),
            .flag("web", help: "Also write web/<width>/: a TexturePacker JSON per sheet (PixiJS, Phaser) and emoticons.css."),
            .flag("no-web", help: "Do not write web/, even if the config file asks for it."),
            .flag("wait", help: "If another run is writing the same --out, wait for it instead of failing at once."),
            .value("cache", "dir", help: "Page cache folder (default: the user's cache folder, e.g. ~/.cache/emokit)."),
            .flag("no-cache", help: "Render every page; neither read nor write the page cache."),
            .value("shard", "k/n", help: "Render only the K-th of N shares of the tabs (balanced by pages); join them with 'emokit merge'."),
            .flag("quiet", short: "q", help: "Print only errors and warnings (no progress line)."),
            .flag("json", help: "Print a JSON summary on stdout instead of the text one (files, tabs, pages, warnings, timings)."),
        ] + KeyboardColors.settings.map { .value($0.flag, "#rrggbb", help: $0.help) },
        discussion: """
            Writes, inside the output folder: sheets/<tab>/<width>/page-NNN@Sx.png, manifests/<width>.json,
            index.html and preview/<width>.html. The output is built beside the folder and swapped in only
            when complete; a failed run leaves the previous output as it was.

            With --config, the packs may come from the config file instead of the command line, and flags
            override its keys: --no-xcassets, --no-web, --no-emoji-keyboard, --no-lenient and --no-strict
            turn off what it turns on, --preview and --no-preview override its "preview". With
            --emoji-keyboard, packs are optional: the emoji tabs come after any packs given.

            Exit status: 0 done (warnings may be printed), 1 an input was refused, 2 usage error,
            3 the output could not be written (the previous output is left as it was).
            """,
        positionalsFrom: ["config", "emoji-keyboard"])

    static func run(_ arguments: ParsedArguments, console: Console, exitOnSignal: Bool = false) throws(UsageError) -> ExitCode {
        let options: GeneratorOptions
        switch try resolveOptions(arguments, console: console) {
        case .options(let resolved): options = resolved
        case .refused(let status): return status
        }
        var configured = options
        configured.exitOnSignal = exitOnSignal
        return execute(configured, quiet: arguments.has("quiet"), json: arguments.has("json"), console: console)
    }

    /// The config file (if any), then the flags, as `generate` and `validate` both read them; a
    /// refused config or value is reported here, once.
    enum ResolvedOptions { case options(GeneratorOptions), refused(ExitCode) }

    static func resolveOptions(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ResolvedOptions {
        var config: GeneratorConfig?
        if let path = arguments.value("config") {
            do { config = try GeneratorConfig.load(URL(fileURLWithPath: path)) } catch {
                console.error("error: \(error.description)")
                return .refused(.inputError)
            }
        }
        do { return .options(try makeOptions(arguments, config: config)) } catch let problem as GeneratorConfig.Problem {
            console.error("error: \(problem.description)")
            return .refused(problem.isUsage ? .usage : .inputError)
        } catch let usage as UsageError {
            throw usage
        } catch {
            throw UsageError(message: "\(error)")
        }
    }

    /// `emokit` with no arguments: the sample packs into ./emokit-output.
    static func runDefault(console: Console, exitOnSignal: Bool = false) -> ExitCode {
        var options = GeneratorOptions(inputs: [EmokitResources.samplePacks], output: URL(fileURLWithPath: "emokit-output"))
        options.exitOnSignal = exitOnSignal
        options.publishing.cache = CLI.userCache
        return execute(options, quiet: false, console: console)
    }

    static func execute(_ options: GeneratorOptions, quiet: Bool, json: Bool = false, console: Console) -> ExitCode {
        do {
            // The progress bar (a terminal only, not --quiet) is erased before anything is printed.
            let report = try ProgressBar.showing(on: console, when: !quiet) { progress throws(GenerationError) in
                var observed = options
                observed.progress = progress
                return try Generator(options: observed).run()
            }
            for warning in report.warnings { console.error("warning: \(warning)") }
            if json {
                if !quiet { for note in report.notes { console.error("note: \(note)") } }
                console.out(GenerateSummary(report: report, shard: options.publishing.shard).jsonText())
            } else if !quiet {
                for note in report.notes { console.error("note: \(note)") }
                for line in summaryLines(report, shard: options.publishing.shard) { console.out(line) }
                if let keyboard = report.emojiKeyboard { for line in EmojiKeyboardSummary.lines(keyboard) { console.out(line) } }
                if options.writePreview && options.publishing.shard == nil { console.out("Preview: open \(report.output.appendingPathComponent("index.html").path)") }
                if let archive = options.publishing.archive { console.out("Archive: \(archive.path)") }
                if let cache = options.publishing.cache {
                    let repaired = report.pages.repaired > 0 ? " (\(report.pages.repaired) damaged cache entries replaced)" : ""
                    console.out("Pages: \(report.pages.rendered) rendered, \(report.pages.reused) reused from the cache in \(cache.path)\(repaired)")
                }
                if let shard = options.publishing.shard {
                    console.out("Shard \(shard) of the tabs: join all \(shard.count) with 'emokit merge OUT SHARD_DIR...' to complete the site")
                }
            }
            return .success
        } catch {
            for line in error.warningLines { console.error("warning: \(line)") }
            for line in error.lines { console.error("error: \(line)") }
            if json { console.out(GenerateSummary(failure: error, output: options.output).jsonText()) }
            return error.isOutputFailure ? .outputError : .inputError
        }
    }

    /// Defaults, then the config file, then the flags.
    static func makeOptions(_ arguments: ParsedArguments, config: GeneratorConfig?) throws -> GeneratorOptions {
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "emokit-output"))
        var layout: LayoutPreset?
        if let v = arguments.value("layout") {
            guard let preset = LayoutPreset(name: v) else {
                throw invalidChoice(v, "--layout <classic|weibo>", choices: LayoutPreset.allCases.map(\.rawValue))
            }
            layout = preset
        }
        if let config { try config.apply(to: &options, layout: layout) } else if let layout { options.useLayout(layout) }
        if !arguments.positionals.isEmpty { options.inputs = arguments.positionals.map { URL(fileURLWithPath: $0) } }
        if arguments.has("emoji-keyboard") { options.emojiKeyboard = true }
        if arguments.has("no-emoji-keyboard") { options.emojiKeyboard = false }
        if let v = arguments.value("emoji-data") { options.emojiData = URL(fileURLWithPath: v) }
        if let v = arguments.value("cldr") { options.cldr = URL(fileURLWithPath: v) }
        if options.inputs.isEmpty && !options.emojiKeyboard { throw UsageError(message: "Missing expected argument '<pack> ...'") }
        if let v = arguments.value("out") { options.output = URL(fileURLWithPath: v) }
        if let v = arguments.value("widths") { options.widths = try intList(v, OptionRanges.width, example: "375,414") }
        if let v = arguments.value("scales") { options.scales = try intList(v, OptionRanges.scale, example: "2,3 (whole scales 1 to 4; a 1.5x screen uses the @2x sheets)") }
        if let v = arguments.value("columns") { options.grid.columns = Int(try number(v, OptionRanges.columns)) }
        if let v = arguments.value("rows") { options.grid.rows = Int(try number(v, OptionRanges.rows)) }
        if let v = arguments.value("row-height") { options.grid.rowHeight = try number(v, OptionRanges.rowHeight) }
        if let v = arguments.value("icon-size") { options.grid.iconSize = try number(v, OptionRanges.iconSize) }
        if let v = arguments.value("toolbar-height") { options.metrics.toolbarHeight = try number(v, OptionRanges.toolbarHeight) }
        if let v = arguments.value("page-control-height") { options.metrics.pageControlHeight = try number(v, OptionRanges.pageControlHeight) }
        if let v = arguments.value("tab-bar-height") { options.metrics.tabBarHeight = try number(v, OptionRanges.tabBarHeight) }
        for setting in KeyboardColors.settings {
            if let v = arguments.value(setting.flag) { options.colors[keyPath: setting.keyPath] = try color(v, "--\(setting.flag)") }
        }
        if let v = arguments.value("locale") {
            guard let locale = TitleLocale(rawValue: v) else {
                throw invalidChoice(v, "--locale <\(TitleLocale.choices)>", choices: TitleLocale.allCases.map(\.rawValue))
            }
            options.locale = locale
        }
        if let v = arguments.value("delete-icon") { options.deleteIcon = URL(fileURLWithPath: v) }
        if arguments.value("emoji-font") != nil && arguments.value("emoji-images") != nil {
            throw UsageError(message: "'--emoji-font' and '--emoji-images' cannot be used together")
        }
        if let v = arguments.value("emoji-font") { options.emojiSource = .font(path: v) }
        if let v = arguments.value("emoji-images") { options.emojiSource = .images(path: v) }
        if let v = arguments.value("missing-glyph") {
            guard let policy = GeneratorOptions.MissingGlyphPolicy(rawValue: v) else {
                throw invalidChoice(v, "--missing-glyph <fail|skip>", choices: ["fail", "skip"])
            }
            options.missingGlyph = policy
        }
        if arguments.has("lenient") && arguments.has("strict") { throw UsageError(message: "'--strict' and '--lenient' cannot be used together") }
        if arguments.has("lenient") { options.lenient = true; options.strict = false }
        if arguments.has("strict") { options.strict = true; options.lenient = false }
        if arguments.has("no-lenient") { options.lenient = false }
        if arguments.has("no-strict") { options.strict = false }
        if let v = arguments.value("max-width") { options.imageLimits.maxWidth = Int(try number(v, OptionRanges.maxWidth)) }
        if let v = arguments.value("max-height") { options.imageLimits.maxHeight = Int(try number(v, OptionRanges.maxHeight)) }
        if let v = arguments.value("max-pixels") { options.imageLimits.maxPixels = Int(try number(v, OptionRanges.maxPixels)) }
        if let v = arguments.value("max-plist-size") { options.maxPlistBytes = Int(try number(v, OptionRanges.maxPlistSize)) * 1024 * 1024 }
        if let v = arguments.value("compression") {
            if v == "max" {
                options.encoder = .maximum
            } else {
                guard let level = OptionRanges.compression.parse(v) else {
                    throw UsageError(message: OptionRanges.compression.refusal(v, name: "--compression") + ", or max")
                }
                options.encoder = PNGEncoder(compressionLevel: Int(level))  // a level replaces a config's "max" whole
            }
        }
        if let v = arguments.value("jobs") { options.concurrency = Int(try number(v, OptionRanges.jobs)) }
        if arguments.has("preview") { options.writePreview = true }
        if arguments.has("no-preview") { options.writePreview = false }
        if arguments.has("wait") { options.waitForLock = true }
        try PublishingArguments.apply(arguments, to: &options.publishing)
        if let problem = options.publishing.problem(output: options.output, inputs: options.inputs) { throw UsageError(message: problem) }
        if arguments.has("web") { options.writeWeb = true }
        if arguments.has("no-web") { options.writeWeb = false }
        if arguments.has("xcassets") { options.assetCatalog = arguments.value("xcassets") ?? GeneratorOptions.defaultAssetCatalog }
        if arguments.has("no-xcassets") { options.assetCatalog = nil }
        if let problem = options.problem { throw UsageError(message: problem) }
        return options
    }

    static func intList(_ text: String, _ range: NumberRange, example: String) throws(UsageError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [Int] = []
        for part in parts {
            guard let value = range.parse(part) else {
                throw UsageError(message: "The value '\(text)' is invalid for '\(range.flag)': expected whole numbers separated by commas, e.g. \(example); each from \(range.text)")
            }
            values.append(Int(value))
        }
        return values
    }

    /// A word that is not one of the option's choices, with the choice it most likely meant.
    static func invalidChoice(_ value: String, _ usage: String, choices: [String]) -> UsageError {
        let meant = NameSuggestion.likely(value, among: choices).map { "\nHelp: Did you mean '\($0)'?" } ?? ""
        return UsageError(message: "The value '\(value)' is invalid for '\(usage)'" + meant)
    }

    /// A number within its documented range (ASCII digits only), else a usage error naming the option.
    static func number(_ text: String, _ range: NumberRange) throws(UsageError) -> Double {
        guard let value = range.parse(text) else { throw UsageError(message: range.refusal(text, name: range.flag)) }
        return value
    }

    static func color(_ text: String, _ option: String) throws(UsageError) -> String {
        guard let value = KeyboardColors.normalize(text) else {
            throw UsageError(message: "The value '\(text)' is invalid for '\(option)': expected a colour like #F4F4F6")
        }
        return value
    }

    /// The summary's first line and a line per tab. A shard speaks of its own share: the tabs and
    /// pages it rendered, of all (the other tabs are other shards' work, and `merge` joins them).
    static func summaryLines(_ report: Generator.Report, shard: ShardSpec?) -> [String] {
        let allPages = report.tabs.reduce(0) { $0 + $1.pages }
        let sheets = "\(count(report.sheetCount, "sheet")) (\(formatBytes(report.sheetBytes))) in \(report.output.path)"
        let shown: [Int]
        var lines: [String]
        if let shard, let own = report.shardTabs {
            let pages = own.reduce(0) { $0 + report.tabs[$1].pages }
            lines = ["emokit: shard \(shard): \(own.count) of \(count(report.tabs.count, "tab")), \(pages) of \(count(allPages, "page")), \(sheets)"]
            shown = own
        } else {
            lines = ["emokit: \(count(report.tabs.count, "tab")), \(count(allPages, "page")), \(sheets)"]
            shown = Array(report.tabs.indices)
        }
        for tab in shown.map({ report.tabs[$0] }) {
            lines.append("  \(tab.id == tab.title ? tab.id : "\(tab.id)  \(tab.title)"): \(count(tab.entries, "emoticon")), \(count(tab.pages, "page"))")
        }
        return lines
    }

    /// "1 tab", "3 tabs": the summary reads as a sentence.
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func formatBytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }
}

import Foundation
import Imaging
import KeyboardLayout
import SiteAddress

// The rows of what is written and how: compression, the preview, publishing, the outputs
// beside the sheets, the page cache and shards, and the keyboard's colours.

extension SettingsTable {
    static let writing: [Setting] =
        [
            .value(
                "compression", "0-9|max", key: "compression", type: .wholeNumber, range: OptionRanges.compression, default: "\(PNGEncoder().compressionLevel)",
                starter: "\(PNGEncoder().compressionLevel)", words: ["max"],
                help: "How hard to compress the sheets, {range} (default: {default}); max: the smallest sheets, several times slower, for the sheets you ship.",
                apply: { (options, value) throws(RowRefusal) in
                    switch value {
                    case .text("max"): options.encoder = .maximum
                    case .number(let level): options.encoder = PNGEncoder(compressionLevel: Int(level))  // a level replaces "max" whole
                    default: throw RowRefusal(expected: "a whole number from \(OptionRanges.compression.text) or \"max\"")
                    }
                }),
            .value(
                "jobs", "n", short: "j", type: .wholeNumber, range: OptionRanges.jobs, default: "the number of cores", help: "Pages rendered at once, {range} (default: {default}).",
                apply: { $0.concurrency = $1.whole }),
            .onOff(
                "preview", key: "preview", starter: "true", help: "Write the HTML preview (the default), even if the config file turns it off.",
                apply: { $0.writePreview = $1.isOn }),
            .onOff("no-preview", help: "Do not write the HTML preview.", apply: { options, _ in options.writePreview = false }),
            .value(
                "base-url", "url", type: .text, help: "The site's public address: adds sitemap.xml and Open Graph tags (links stay relative).",
                apply: { (options, value) throws(RowRefusal) in
                    guard let urls = PublicURLs(base: value.text) else {
                        throw RowRefusal(expected: "an http(s) address without query or fragment, e.g. https://example.com/emoticons/")
                    }
                    options.publishing.baseURL = urls
                }),
            .value(
                "archive", "file.tar.gz", type: .path, help: "Also write the output as a reproducible .tar.gz there (outside the output folder).",
                apply: { $0.publishing.archive = $1.url }),
        ]
        + Setting.output(
            "xcassets", request: { $0.assetCatalog = $1.map(AssetCatalogRequest.init(name:)) }, valueName: "name", default: RunDefaults.assetCatalog, key: "xcassets",
            help: "Also write an Xcode asset catalog NAME.xcassets (default: {default}), an image set per page.",
            offHelp: "Do not write an asset catalog, even if the config file asks for one.",
            check: { AssetCatalogName.issue(name: $0, scales: []) == nil ? nil : RowRefusal(expected: "a plain name such as \"Emoticons\" (the folder is NAME.xcassets)") })
        + [
            .value(
                "xcassets-widths", "list", key: "xcassetsWidths", type: .wholeNumbers, range: OptionRanges.catalogWidth, example: "393,430",
                help: "With --sheets per-width: the widths whose pages the asset catalog holds, each {range} and one of --widths (default: every width).",
                apply: { $0.assetCatalogWidths = $1.numbers })
        ]
        + Setting.output(
            "web", request: { $0.web = $1.map { _ in WebRequest() } }, key: "web",
            help: "Also write web/: emoticons.js (render messages, mount the keyboard), emoticons.css and a TexturePacker JSON per sheet.",
            offHelp: "Do not write web/, even if the config file asks for it.")
        + Setting.output(
            "android", request: { $0.android = $1.map { _ in AndroidRequest() } }, key: "android",
            help: "Also write android/: res/ an Android app module compiles as is (sheets per density, manifest, colours) and the Kotlin runtime.",
            offHelp: "Do not write android/, even if the config file asks for it.")
        + [
            .value(
                "android-densities", "list", key: "androidDensities", type: .text, default: AndroidRequest().densityList, example: "hdpi,xxhdpi",
                help: "The densities --android draws sheets for, among mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi (default: every one); implies --android.",
                apply: { (options, value) throws(RowRefusal) in
                    guard let densities = AndroidRequest.densities(in: value.text) else {
                        throw RowRefusal(expected: "densities among mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi, separated by commas, e.g. hdpi,xxhdpi")
                    }
                    options.outputs.android = AndroidRequest(densities: densities)
                })
        ]
        + [
            .onOff(
                "wait", help: "If another run is writing the same --out, wait for it instead of failing at once.",
                apply: { options, _ in options.waitForLock = true }),
            .value(
                "cache", "dir", type: .path, help: "Page cache folder (default: the user's cache folder, e.g. ~/.cache/emokit).",
                apply: { $0.publishing.cache = $1.url }),
            .onOff("no-cache", help: "Render every page; neither read nor write the page cache.", apply: { options, _ in options.publishing.cache = nil }),
            .value(
                "shard", "k/n", type: .text, help: "Render only the K-th of N shares of the tabs (balanced by pages); join them with 'emokit merge'.",
                apply: { (options, value) throws(RowRefusal) in
                    guard let shard = ShardSpec(value.text) else { throw RowRefusal(expected: "K/N with 1 <= K <= N <= 1000, e.g. 2/4") }
                    options.publishing.shard = shard
                }),
            .value(
                "size-budget", "bytes", key: "sizeBudget", type: .wholeNumber, range: OptionRanges.sizeBudget, example: "1200000",
                help: "Fail the run when the sheets an app ships for one platform and scale (see the summary) are over this many bytes, {range}.",
                apply: { $0.publishing.sizeBudget = $1.whole }),
            .onOff("quiet", short: "q", help: "Print only errors and warnings (no progress line).", apply: nil),
            .onOff("json", help: "Print a JSON summary on stdout instead of the text one (files, tabs, pages, warnings, timings).", apply: nil),
        ]

    /// A colour of `KeyboardColors.settings`: its flag, its key under `colors` and its help.
    static func colour(_ setting: KeyboardColors.Setting) -> Setting {
        let key = setting.key
        return .value(
            setting.flag, "#rrggbb", key: "colors.\(key)", type: .colour, default: KeyboardColors()[keyPath: setting.keyPath], help: setting.help,
            apply: { (options, value) throws(RowRefusal) in
                guard let colour = KeyboardColors.normalize(value.text), let path = KeyboardColors.settings.first(where: { $0.key == key })?.keyPath else {
                    throw RowRefusal(expected: "a colour like #F4F4F6")
                }
                options.colors[keyPath: path] = colour
            })
    }
}

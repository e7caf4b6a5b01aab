// swift-tools-version:6.0
import PackageDescription

// Modules, each with one job (see Documentation/Architecture.md):
//   CLibPNG          C shim over libpng (keeps setjmp/longjmp inside C): decoding, palette and filtered PNGs.
//   CSheetWriter     C: PNG without libpng (libdeflate, zlib streaming): the sprite sheets' writer and reader, simple PNGs' reader.
//   CGzip            C shim over zlib: a gzip file with a fixed header (no time, no name).
//   Archive          Deterministic tar.gz of a folder (sorted ustar/pax entries, fixed metadata).
//   CGifLib          C shim over giflib: bounded GIF decoding, errors as status codes.
//   CJPEG            C shim over libjpeg(-turbo): bounded JPEG decoding, setjmp/longjmp kept inside C.
//   CWebP            C shim over libwebp: bounded WebP decoding (an animation's first frame).
//   CChecksum        C: SHA-256 blocks on the CPU's SHA instructions, chosen at run time.
//   Checksum         SHA-256 (no crypto library on Linux Foundation).
//   FileAccess       Reading untrusted files: regular files only, size caps before reading.
//   CSystem          C shim for what Swift cannot call portably: the atomic folder swap, the terminal's width, glibc's allocator thresholds.
//   CResample        The resampler's hot passes in C: a baseline and an AVX2 version, chosen at run time.
//   Imaging          RGBA8 images: PNG decode/encode through CLibPNG and CSheetWriter, resampling, compositing.
//   KeyboardLayout   Pure geometry of the keyboard: pages, button frames, sprite rects. No I/O.
//                    Computes in EmoticonManifest's Rect/PixelRect (the manifest owns geometry types).
//   EmoticonManifest Foundation-only Codable manifest types and EmoticonKeyboard lookups, shared by
//                    the generator and apps (its only dependency is Checksum, itself dependency-free);
//                    the keyboard model an app's view binds to (EmoticonKeyboardModel), tested on Linux.
//   EmoticonKeyboardUI The keyboard as a UIKit input view over EmoticonKeyboardModel (`#if canImport(UIKit)`:
//                    empty on Linux; compiled for iOS by .github/workflows/ios.yml on macOS).
//   TextEscaping     The one escaping loop and every escaper's table (HTML, URL, JSON, script, XML, CSS, messages).
//   TextMatching     "Did you mean": the closest known name to a typed one (CLI, config, plist keys).
//   Diagnostics      Findings as values (code, severity, file, entry, key, message in parts with
//                    setting references); the library returns them, only the CLI prints them.
//   PropertyLists    Property list bytes to values (binary and XML, a root array item by item), knowing
//                    nothing of packs.
//   EmoticonPackModel The pack value types (EmoticonPack, Entry, PackError, TabID, PackChoices...),
//                    re-exported by EmoticonPacks.
//   EmoticonPacks    Reading packs into values: one file per pack layout (Layouts/), one `detect`.
//   PackAuthoring    `emokit init`'s pack side: a folder of images (and names.tsv) to a Weibo
//                    info.plist, and `init --update`'s edit of one.
//   EmojiData        Unicode's emoji data files: emoji-test.txt, CLDR annotations (names, keywords), CLDR's
//                    Han-Latin transform (names' pinyin for search). No images.
//   EmojiGlyphs      Emoji glyph sources: Noto Color Emoji (CBDT/CBLC + GSUB) and PNG folders.
//   SiteAddress      The site's public address (`--base-url`): the value the settings take and the preview uses.
//   PreviewSite      The HTML preview: a tiny escaping template renderer and the site's pages.
//   RunSteps    What every step shares: GenerationError, progress events, step timings, the step
//                    runner (`StepPipeline`: one shape, one name per step) and the work queue.
//   Settings         Values, the table and parsing only: every option as one row (flag, config key,
//                    type, range, default, help, where its value goes), and what is read from it: flag
//                    and config parsing, help, the starter config, Options.md. The option types
//                    (GeneratorOptions, OutputRequests, PublishingOptions, ShardSpec, the asset
//                    catalog's name rules) and the config file (GeneratorConfig). No output writer,
//                    transaction or template: an output row sets a typed request.
//   OutputTransaction The output as one transaction: staging folder, lock, signals, atomic swap,
//                    streamed and JSON files.
//   SiteOutputs      Everything written from the finished manifests: manifest files, preview site,
//                    asset catalog, web sprites. A new platform's writer is one ManifestWriter file
//                    here (it adds its own manifest fields), a typed request and its settings row,
//                    and one line in Pipeline's OutputWriters, the one place a writer is registered.
//   AndroidOutput    `--android`: res/ an Android app module compiles (sheets per density, manifest in dp,
//                    colours, resource names) and the Kotlin runtime (Templates/android).
//   Publishing       Sealing the output: SHA256SUMS and the archive.
//   EmojiTabs        The emoji keyboard: Unicode's emoji data and CLDR names into tabs.
//   Pipeline         The run as one list of named steps (Generator.swift): read packs, render pages,
//                    tab icons and variants, manifests, site, seal and swap; shards, merge, page
//                    cache and lint; the output writers' registry and EmokitResources (version,
//                    sample packs). Re-exports RunSteps and Settings: its API takes their types.
//   EmokitCLI        Argument parsing, help text, commands; takes `[String]`, testable in-process.
//   emokit           The executable: a few lines calling EmokitCLI.
let package = Package(
    name: "emokit",
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .executable(name: "emokit", targets: ["emokit"]),
        .library(name: "EmoticonManifest", targets: ["EmoticonManifest"]),
        .library(name: "EmoticonKeyboardUI", targets: ["EmoticonKeyboardUI"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
    ],
    targets: [
        .target(
            name: "CLibPNG",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]
        ),
        .target(
            name: "CSheetWriter",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z")]
        ),
        .target(
            name: "CGifLib",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("gif")]
        ),
        .target(
            name: "CJPEG",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .target(
            name: "CWebP",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux")]
        ),
        .target(name: "CChecksum"),
        .target(name: "Checksum", dependencies: ["CChecksum"]),
        // emokit's own files compiled into the binary (a copied or installed emokit needs nothing
        // beside it): the preview templates and the default delete icon, where they live.
        .target(
            name: "BundledTemplates", path: "Templates", sources: ["BundledTemplates.swift"],
            resources: [
                .embedInCode("index.html"), .embedInCode("preview.html"), .embedInCode("preview.css"), .embedInCode("preview.js"),
                .embedInCode("emoticons.js"), .embedInCode("keyboard-layout.js"), .embedInCode("keyboard.js"), .embedInCode("keyboard-popups.js"), .embedInCode("emoticons.d.ts"),
                .embedInCode("keyboard-input.js"), .embedInCode("keyboard-recent.js"), .embedInCode("keyboard-theme.js"), .embedInCode("keyboard-element.js"), .embedInCode("keyboard.css"),
                .embedInCode("demo.html"),
                .embedInCode("keyboard-paging.js"),
                .embedInCode("android/EmokitKeyboard.kt"), .embedInCode("android/EmokitText.kt"), .embedInCode("android/EmokitJson.kt"), .embedInCode("android/EmokitUnicode.kt"),
                .embedInCode("android/EmokitKeyboardView.kt"),
            ]),
        .target(
            name: "BundledAssets", path: "Assets", exclude: ["SamplePacks", "Scripts"], sources: ["BundledAssets.swift"],
            resources: [.embedInCode("delete.png"), .embedInCode("delete@2x.png"), .embedInCode("delete@3x.png")]),
        .target(name: "CGzip", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "Archive", dependencies: ["CGzip"]),
        .target(name: "FileAccess"),
        .target(name: "CSystem"),
        .target(name: "CResample"),
        .target(name: "Imaging", dependencies: ["CLibPNG", "CSheetWriter", "CGifLib", "CJPEG", "CWebP", "CResample", "FileAccess"]),
        .target(name: "KeyboardLayout", dependencies: ["EmoticonManifest"]),
        .target(name: "EmoticonManifest", dependencies: ["Checksum"]),
        .target(name: "EmoticonKeyboardUI", dependencies: ["EmoticonManifest"]),
        .target(name: "TextEscaping"),
        .target(name: "TextMatching"),
        .target(name: "Diagnostics", dependencies: ["TextEscaping"]),
        .target(name: "PropertyLists", dependencies: ["TextEscaping"]),
        .target(name: "EmoticonPackModel", dependencies: ["Diagnostics"]),
        .target(name: "EmoticonPacks", dependencies: ["EmoticonPackModel", "PropertyLists", "TextEscaping", "TextMatching", "FileAccess", "Diagnostics"]),
        .target(name: "PackAuthoring", dependencies: ["EmoticonPacks", "PropertyLists", "FileAccess", "TextEscaping", "Diagnostics"]),
        .target(name: "EmojiData", dependencies: ["Diagnostics", "TextEscaping"]),
        .target(name: "EmojiGlyphs", dependencies: ["Imaging", "FileAccess", "Diagnostics"]),
        .target(name: "SiteAddress", dependencies: ["TextEscaping"]),
        .target(name: "PreviewSite", dependencies: ["EmoticonManifest", "SiteAddress", "TextEscaping"]),
        .target(name: "RunSteps", dependencies: ["Diagnostics"]),
        .target(
            name: "Settings",
            dependencies: [
                "RunSteps", "EmojiData", "KeyboardLayout", "Imaging", "EmoticonPacks", "SiteAddress", "FileAccess", "TextMatching", "TextEscaping", "Diagnostics",
            ]),
        .target(name: "OutputTransaction", dependencies: ["RunSteps", "CSystem", "EmoticonManifest", "Diagnostics", "Checksum"]),
        .target(
            name: "SiteOutputs",
            dependencies: [
                "RunSteps", "OutputTransaction", "EmoticonManifest", "Imaging", "PreviewSite", "BundledTemplates", "TextEscaping", "Diagnostics", "Checksum",
            ]),
        .target(
            name: "AndroidOutput", dependencies: ["SiteOutputs", "OutputTransaction", "EmoticonManifest", "KeyboardLayout", "BundledTemplates", "TextEscaping"]),
        .target(name: "OutputSeal", dependencies: ["OutputTransaction", "Archive", "Checksum", "TextEscaping", "Diagnostics"]),
        .target(name: "EmojiTabs", dependencies: ["EmojiData", "EmojiGlyphs", "EmoticonPacks"]),
        .target(
            name: "Pipeline",
            dependencies: [
                "RunSteps", "OutputTransaction", "SiteOutputs", "AndroidOutput", "OutputSeal", "EmojiTabs",
                "Imaging", "Checksum", "KeyboardLayout", "EmoticonManifest", "EmoticonPacks", "EmojiData", "EmojiGlyphs", "PreviewSite", "FileAccess", "BundledAssets", "Settings", "Diagnostics",
            ]
        ),
        .target(
            name: "EmokitCLI",
            dependencies: [
                "Pipeline", "Settings", "OutputTransaction", "EmojiTabs", "Imaging", "Checksum", "KeyboardLayout", "EmoticonPacks", "PackAuthoring", "CSystem", "TextMatching",
                "TextEscaping",
                "Diagnostics",
            ]),
        .executableTarget(name: "emokit", dependencies: ["EmokitCLI"]),
        // Test helpers: TestSupport is Foundation only (fixtures, file trees, subprocesses, the
        // built binary). PipelineTestSupport is the one helper target that needs emokit modules:
        // whole pipeline runs and PNG-bearing packs, for the tests whose subject needs an output.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["Fixtures"]),
        .target(name: "PipelineTestSupport", dependencies: ["TestSupport", "Pipeline", "Imaging", "Checksum", "Diagnostics"], path: "Tests/PipelineTestSupport"),
        // One test target per module, named after it.
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CResample", "Checksum", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "KeyboardLayoutTests", dependencies: ["KeyboardLayout", "EmoticonManifest", "TestSupport"]),
        .testTarget(name: "EmoticonManifestTests", dependencies: ["EmoticonManifest"]),
        .testTarget(name: "TextEscapingTests", dependencies: ["TextEscaping"]),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum", "TestSupport"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"]),
        .testTarget(name: "TextMatchingTests", dependencies: ["TextMatching"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport"]),
        .testTarget(name: "EmoticonPackModelTests", dependencies: ["EmoticonPackModel"]),
        .testTarget(name: "EmoticonPacksTests", dependencies: ["TestSupport", "EmoticonPacks"], exclude: ["Fixtures"]),
        .testTarget(name: "PackAuthoringTests", dependencies: ["PackAuthoring", "EmoticonPacks", "PropertyLists", "TestSupport"]),
        .testTarget(name: "EmojiDataTests", dependencies: ["EmojiData", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EmojiGlyphsTests", dependencies: ["EmojiGlyphs", "Imaging", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PreviewSiteTests", dependencies: ["PreviewSite", "EmoticonManifest"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "KeyboardLayout", "EmoticonPacks", "TestSupport"]),
        // The output seam (issue 34): an output writer defined in the test, registered in one place.
        .testTarget(
            name: "OutputSeamTests",
            dependencies: ["Pipeline", "SiteOutputs", "OutputTransaction", "RunSteps", "EmoticonManifest", "Imaging", "TestSupport", "PipelineTestSupport"]),
        .testTarget(name: "RunStepsTests", dependencies: ["RunSteps", "Diagnostics"]),
        .testTarget(name: "OutputTransactionTests", dependencies: ["TestSupport", "OutputTransaction"]),
        .testTarget(
            name: "SiteOutputsTests",
            dependencies: ["SiteOutputs", "PreviewSite", "Pipeline", "EmoticonManifest", "Imaging", "Checksum", "TestSupport", "PipelineTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "AndroidOutputTests",
            dependencies: ["AndroidOutput", "Pipeline", "KeyboardLayout", "EmoticonManifest", "Imaging", "TestSupport", "PipelineTestSupport"]),
        .testTarget(name: "OutputSealTests", dependencies: ["OutputSeal", "Pipeline", "Archive", "OutputTransaction", "TestSupport", "PipelineTestSupport", "Checksum"]),
        .testTarget(
            name: "EmojiTabsTests",
            dependencies: ["EmojiTabs", "Pipeline", "EmoticonManifest", "EmoticonPacks", "EmojiGlyphs", "Imaging", "Checksum", "TestSupport", "PipelineTestSupport"]),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "Pipeline", "RunSteps", "OutputTransaction", "EmoticonManifest", "EmoticonPacks", "EmojiGlyphs", "Imaging", "KeyboardLayout", "FileAccess", "PreviewSite",
                "TextEscaping", "Checksum", "TestSupport", "PipelineTestSupport", "EmoticonPackModel",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "EmokitCLITests",
            dependencies: [
                "EmokitCLI", "Pipeline", "Settings", "OutputTransaction", "RunSteps", "EmoticonManifest", "EmoticonPacks", "PackAuthoring", "Imaging", "TextMatching", "Diagnostics", "EmojiData",
                "EmojiGlyphs",
                "SiteOutputs",
                "TestSupport", "PipelineTestSupport",
            ],
            exclude: ["Help/Snapshots", "Commands/Snapshots"]),
    ]
)

import AndroidOutput
import EmoticonManifest
import Foundation
import Imaging
import KeyboardLayout
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// `--android`: the resources an app module compiles as they are (names, density folders, the
/// manifest in dp, values), the density sheets drawn at their own box, and the fixtures the
/// Kotlin runtime's JVM tests compare their frames with (Tests/AndroidRuntime).
struct AndroidOutputTests {
    static let resourceName = try! NSRegularExpression(pattern: "^[a-z][a-z0-9_]*$")

    static func isResourceName(_ name: String) -> Bool {
        resourceName.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }

    static func generate(_ inputs: [URL] = [Fixtures.samplePacks], layout: LayoutPreset = .classic, configure: (inout GeneratorOptions) -> Void = { _ in }) throws -> URL {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        try PipelineRun.generate(inputs, out: out, widths: RunDefaults.widths) {
            $0.useLayout(layout)
            $0.outputs.android = AndroidRequest()
            configure(&$0)
        }
        return out
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func resourceNamesAreValidUniqueAndStable() {
        let names = AndroidResourceNames(tabIDs: ["faces", "com.emokit.animals", "小喵", "Faces", "faces", "2024 New!", "emoji"])
        #expect(names.tabPrefixes == ["emk_faces", "emk_com_emokit_animals", "emk_tab", "emk_faces_2", "emk_faces_3", "emk_2024_new", "emk_emoji"])
        #expect(names.page(tab: 0, page: 7) == "emk_faces_p007" && names.page(tab: 1, page: 1234) == "emk_com_emokit_animals_p1234")
        #expect(names.tabPrefixes.allSatisfy(Self.isResourceName))
        #expect(AndroidResourceNames(tabIDs: ["faces", "com.emokit.animals", "小喵", "Faces", "faces", "2024 New!", "emoji"]) == names)
    }

    /// The samples: every page at every density, under a valid name the manifest records; the
    /// whole-scale densities are the run's @2x and @3x sheets byte for byte; values for day and night.
    @Test func samplesGiveResourcesAnAppCompiles() throws {
        let out = try Self.generate()
        let android = out.appendingPathComponent("android")
        let manifest = try Self.json(android.appendingPathComponent("res/raw/emokit_manifest.json"))
        #expect(manifest["unit"] as? String == "dp" && manifest["schemaVersion"] as? Int == 1)
        let densities = try #require(manifest["densities"] as? [[String: Any]])
        #expect(densities.map { $0["name"] as? String } == ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"])
        #expect(densities.map { $0["iconPixels"] as? Int } == [32, 48, 64, 96, 128])
        let tabs = try #require(manifest["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["resourcePrefix"] as? String } == ["emk_faces", "emk_emoji", "emk_com_emokit_animals"])
        var pages = 0
        for tab in tabs {
            for page in try #require(tab["pages"] as? [[String: Any]]) {
                let drawable = try #require(page["drawable"] as? String)
                #expect(Self.isResourceName(drawable))
                for density in AndroidDensity.allCases {
                    let file = android.appendingPathComponent("res/drawable-\(density.rawValue)/\(drawable).png")
                    let image = try PNGDecoder().decode(contentsOf: file).image
                    let sheet = DensitySheet(grid: GridSpec(), density: density)
                    #expect(image.width == sheet.pixelWidth && image.height == sheet.pixelHeight, "\(file.path)")
                    if let scale = density.wholeScale, [2, 3].contains(scale) {
                        let id = try #require(tab["id"] as? String)
                        let index = try #require(page["index"] as? Int)
                        let regular = out.appendingPathComponent("sheets/\(id)/page-\(String(format: "%03d", index))@\(scale)x.png")
                        #expect(try Data(contentsOf: file) == Data(contentsOf: regular), "\(density) is the @\(scale)x sheet")
                    }
                }
                for button in try #require(page["buttons"] as? [[String: Any]]) {
                    let sprite = try #require(button["sprite"] as? [String: [Int]], "every sample button has an icon")
                    for density in AndroidDensity.allCases {
                        let box = DensitySheet(grid: GridSpec(), density: density).boxRect(row: button["row"] as! Int, column: button["column"] as! Int)
                        #expect(sprite[density.rawValue] == [box.x, box.y, box.width, box.height])
                    }
                    #expect(!(button["name"] as? String ?? "").isEmpty, "TalkBack reads the name")
                }
                pages += 1
            }
        }
        #expect(pages == 7)
        let values = try String(contentsOf: android.appendingPathComponent("res/values/emokit.xml"), encoding: .utf8)
        #expect(values.contains("<dimen name=\"emokit_keyboard_height\">267dp</dimen>") && values.contains("<color name=\"emokit_background\">#F4F4F6</color>"))
        let night = try String(contentsOf: android.appendingPathComponent("res/values-night/emokit.xml"), encoding: .utf8)
        #expect(night.contains("<color name=\"emokit_background\">#1C1C1E</color>"))
        let runtime = try FileManager.default.contentsOfDirectory(atPath: android.appendingPathComponent("kotlin/emokit").path).sorted()
        #expect(runtime == AndroidWriter.runtimeFiles.sorted())
        let view = try String(contentsOf: android.appendingPathComponent("kotlin/emokit/EmokitKeyboardView.kt"), encoding: .utf8)
        #expect(view.contains("NOT COMPILED OR TESTED BY EMOKIT"))
    }

    /// A pack of noisy 200 x 150 images (only `@3x` files, so every density is fitted from the same
    /// source): at hdpi each icon is the source fitted to a 48-pixel box by the resampler, at
    /// xxxhdpi to 128, placed where `DensitySheet` says; never another density's sheet rescaled.
    @Test(arguments: [AndroidDensity.hdpi, .xxxhdpi, .mdpi])
    func densitySheetsAreDrawnAtTheirOwnBox(_ density: AndroidDensity) throws {
        let pack = Fixtures.temporaryDirectory().appendingPathComponent("Noise")
        var sources: [RGBAImage] = []
        var entries: [[String: Any]] = []
        for index in 0..<3 {
            var image = RGBAImage(width: 200, height: 150)
            var state = UInt32(1234 + index)
            for y in 0..<150 {
                for x in 0..<200 {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let alpha: UInt8 = (x + y) % 7 == 0 ? 128 : 255
                    image.setPixel(x: x, y: y, (UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: x + index * 40), UInt8(truncatingIfNeeded: y * 2), alpha))
                }
            }
            sources.append(image)
            try PackFixtures.writePNG(image, to: pack.appendingPathComponent("n\(index)@3x.png"))
            entries.append(["chs": "[n\(index)]", "png": "n\(index).png", "type": "0"])
        }
        try PackFixtures.writePlist(entries, to: pack.appendingPathComponent("info.plist"))
        let out = try Self.generate([pack]) { $0.outputs.android = AndroidRequest(densities: [density]) }
        let sheetFile = out.appendingPathComponent("android/res/drawable-\(density.rawValue)/emk_noise_p000.png")
        let sheet = try PNGDecoder().decode(contentsOf: sheetFile).image
        let placement = DensitySheet(grid: GridSpec(), density: density)
        for (index, source) in sources.enumerated() {
            let expected = Resampler.scaleToFit(source, box: placement.iconPixels)
            #expect(expected.width == placement.iconPixels && expected.height == Int((Double(placement.iconPixels) * 0.75).rounded()))
            let rect = placement.spriteRect(row: 0, column: index, width: expected.width, height: expected.height)
            let drawn = AssetCatalogWriterCrop.crop(sheet, rect)
            #expect(drawn.pixels == expected.pixels, "\(density) icon \(index) is the source fitted to its own box")
        }
        // Only the densities asked for are written.
        let folders = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("android/res").path).filter { $0.hasPrefix("drawable") }
        #expect(folders == ["drawable-\(density.rawValue)"])
    }

    /// Two runs write the same android/ folder, byte for byte.
    @Test func outputIsDeterministic() throws {
        let first = PipelineRun.digests(try Self.generate().appendingPathComponent("android"))
        let second = PipelineRun.digests(try Self.generate().appendingPathComponent("android"))
        #expect(!first.isEmpty && first == second)
    }

    /// The fixtures of the Kotlin runtime's JVM tests (Tests/AndroidRuntime/Fixtures): the Android
    /// manifest of the samples (classic and weibo layouts), and the Swift library's frames at
    /// every default width, at scales 1 to 4, with where an icon of each sample sprite's size
    /// goes. The JVM tests lay the same manifest out and must find the same numbers.
    @Test(arguments: [LayoutPreset.classic, .weibo])
    func kotlinFixturesMatchTheSwiftLibrary(_ layout: LayoutPreset) throws {
        let out = try Self.generate(layout: layout)
        let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/AndroidRuntime/Fixtures")
        let name = "samples-\(layout.rawValue)"
        try Golden.check(try Data(contentsOf: out.appendingPathComponent("android/res/raw/emokit_manifest.json")), against: fixtures.appendingPathComponent("\(name).android.json"))
        var layouts: [[String: Any]] = []
        for width in RunDefaults.widths {
            let keyboard = try EmoticonKeyboard(contentsOf: out.appendingPathComponent("manifests/\(width).json"))
            for scale in 1...4 {
                let laidOut = try keyboard.layout(width: width, scale: scale)
                let frames = laidOut.cellFrames.map { [$0.x, $0.y, $0.width, $0.height] }
                // Each key of every tab's first page, with the sprite size of the nearest sheet scale.
                var icons: [[Int]] = []
                for tab in keyboard.tabs.indices {
                    for button in keyboard.page(tab: tab, page: 0)?.buttons ?? [] {
                        guard let sprite = button.sprite[scale >= 3 ? "3" : "2"] else { continue }
                        let frame = laidOut.frame(row: button.row, column: button.column)
                        let icon = GridArithmetic.iconPixelRect(in: frame, width: sprite.width, height: sprite.height, scale: scale)
                        icons.append([button.row, button.column, icon.width, icon.height, icon.x, icon.y])
                    }
                }
                layouts.append(["width": width, "scale": scale, "cellFrames": frames, "icons": icons])
            }
        }
        let data = try JSONSerialization.data(withJSONObject: ["layouts": layouts], options: [.sortedKeys])
        try Golden.check(data + Data([0x0A]), against: fixtures.appendingPathComponent("\(name).swift-layout.json"))
    }

    /// Two shards merged give the android/ folder of one run, byte for byte.
    @Test func shardsMergeIntoTheSameAndroidFolder() throws {
        let root = Fixtures.temporaryDirectory()
        let whole = PipelineRun.digests(try Self.generate().appendingPathComponent("android"))
        let shards = try (1...2).map { index in
            let folder = root.appendingPathComponent("shard-\(index)")
            try PipelineRun.generate([Fixtures.samplePacks], out: folder, widths: RunDefaults.widths) {
                $0.outputs.android = AndroidRequest()
                $0.publishing.shard = ShardSpec(index: index, count: 2)
            }
            return folder
        }
        let merged = root.appendingPathComponent("merged")
        _ = try ShardMerge(output: merged, shards: shards).run()
        #expect(!whole.isEmpty && PipelineRun.digests(merged.appendingPathComponent("android")) == whole)
    }

    /// `--size-budget` covers Android per density, in `generate` and on the whole keyboard in `merge`.
    @Test func sizeBudgetCoversAndroidDensities() throws {
        let root = Fixtures.temporaryDirectory()
        func configure(_ options: inout GeneratorOptions) {
            options.scales = [2]
            options.outputs.android = AndroidRequest(densities: [.hdpi, .xxxhdpi])
        }
        let out = root.appendingPathComponent("whole")
        let report = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [375], configure: configure)
        let android = report.sizes.shipments.filter { $0.platform == .android }
        #expect(android.map(\.density) == ["hdpi", "xxxhdpi"] && android.map(\.scale) == [2, 4])
        for shipment in android {
            let folder = out.appendingPathComponent("android/res/drawable-\(shipment.density!)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let bytes = try files.reduce(0) { $0 + (try Data(contentsOf: folder.appendingPathComponent($1))).count }
            #expect(shipment.sheets == files.count && shipment.bytes == bytes)
        }
        let worst = try #require(report.sizes.shipments.max { $0.bytes < $1.bytes })
        #expect(worst.platform == .android && worst.density == "xxxhdpi")
        let shards = try (1...2).map { index in
            let folder = root.appendingPathComponent("shard-\(index)")
            try PipelineRun.generate([Fixtures.samplePacks], out: folder, widths: [375]) {
                configure(&$0)
                $0.publishing.shard = ShardSpec(index: index, count: 2)
                $0.publishing.sizeBudget = worst.bytes - 1
            }
            return folder
        }
        #expect(throws: MergeError.self) { try ShardMerge(output: root.appendingPathComponent("merged"), shards: shards).run() }
        do {
            _ = try ShardMerge(output: root.appendingPathComponent("merged"), shards: shards).run()
        } catch {
            #expect("\(error)".contains("an Android app xxxhdpi ships \(worst.bytes) bytes"), "\(error)")
        }
    }

    @Test func densitiesOptionIsReadAndRecorded() throws {
        #expect(AndroidRequest.densities(in: "xxhdpi, hdpi") == [.xxhdpi, .hdpi])
        #expect(AndroidRequest.densities(in: "hdpi,ldpi") == nil && AndroidRequest.densities(in: "") == nil)
        let request = OutputRequests(android: AndroidRequest(densities: [.xxhdpi, .hdpi, .hdpi]))
        #expect(request.recorded == ["android": "hdpi,xxhdpi"])
        #expect(try OutputRequests(recorded: request.recorded) == request)
        #expect(throws: OutputRequests.RecordProblem.refusedValue(output: "android", value: "tvdpi")) { try OutputRequests(recorded: ["android": "tvdpi"]) }
    }
}

/// The pixels of a rect of an image.
enum AssetCatalogWriterCrop {
    static func crop(_ image: RGBAImage, _ rect: PixelRect) -> RGBAImage {
        var result = RGBAImage(width: rect.width, height: rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width { result.setPixel(x: x, y: y, image.pixel(x: rect.x + x, y: rect.y + y)) }
        }
        return result
    }
}

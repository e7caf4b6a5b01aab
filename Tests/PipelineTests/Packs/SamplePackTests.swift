import EmoticonPacks
import Foundation
import Pipeline
import TestSupport
import Testing

/// The sample packs are what a new user copies: they must be clean. Before, `faces/info.plist`
/// named 44 `.gif` files that do not exist.
struct SamplePackTests {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks")

    @Test func everyFileTheSamplePlistsNameExists() throws {
        for pack in ["faces", "com.emokit.animals"] {
            let folder = Self.samples.appendingPathComponent(pack)
            let root = try PropertyListSerialization.propertyList(from: Data(contentsOf: folder.appendingPathComponent("info.plist")), format: nil)
            let entries = (root as? [[String: Any]]) ?? ((root as? [String: Any])?["emoticons"] as? [[String: Any]]) ?? []
            #expect(!entries.isEmpty)
            for (index, entry) in entries.enumerated() {
                for key in ["png", "gif"] {
                    guard let name = entry[key] as? String else { continue }
                    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(pack) entry \(index): \(key) \(name) is missing")
                }
            }
        }
    }

    @Test func samplesAreCleanUnderStrict() throws {
        var options = GeneratorOptions(inputs: [Self.samples], output: Fixtures.temporaryDirectory().appendingPathComponent("out"))
        options.strict = true
        let plan = try Generator(options: options).plan()
        #expect(plan.warnings.isEmpty && plan.notes.isEmpty)  // enlarged images are warnings too
        #expect(plan.packs.map(\.entries.count) == [44, 101, 14])
    }
}

import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Plists and pack folders that link outside the packs are refused before they are read.
struct PackContainmentTests {
    /// `info.plist`, `emoticons.plist` and pack folders that point outside the packs.
    @Test func plistsAndPackFoldersMayNotLinkOutside() throws {
        let root = Fixtures.temporaryDirectory()
        let outside = try WeiboPackFixtures.onePack(root, "outside")
        let packs = root.appendingPathComponent("packs")
        let pack = try WeiboPackFixtures.onePack(packs, "inner")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("info.plist"))
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("info.plist"), withDestinationURL: outside.appendingPathComponent("info.plist"))
        let plist = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs]) }
        #expect(plist?.errors.first?.description.hasPrefix("packs/inner/info.plist: links outside the packs (to ") == true)

        let packs2 = root.appendingPathComponent("packs2")
        try WeiboPackFixtures.onePack(packs2, "ok")
        try FileManager.default.createSymbolicLink(at: packs2.appendingPathComponent("linked"), withDestinationURL: outside)
        let folder = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs2]) }
        #expect(folder?.errors.first?.description.hasPrefix("packs2/linked: links outside the packs (to ") == true)

        try FileManager.default.removeItem(at: packs2.appendingPathComponent("linked"))
        let order = root.appendingPathComponent("order.plist")
        try Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>packages</key><array/></dict></plist>"#.utf8).write(to: order)
        try FileManager.default.createSymbolicLink(at: packs2.appendingPathComponent("emoticons.plist"), withDestinationURL: order)
        let orderFailure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs2]) }
        #expect(orderFailure?.errors.first?.description.contains("emoticons.plist: links outside the packs") == true)
    }
}

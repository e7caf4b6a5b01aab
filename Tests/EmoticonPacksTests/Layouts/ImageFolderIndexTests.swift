import Foundation
import TestSupport
import Testing

@testable import EmoticonPacks

/// A text map's image folder is chosen from each folder's listing, walked once (20,000 pairs and
/// 100 empty subfolders took two minutes when every folder was asked for every name both ways;
/// Benchmarks/text-map-folders.sh times it). The listing must find what looking each name up
/// finds: a file or its `@2x`/`@3x` sibling, a bare name with `.png` or `.gif`, a link as what it
/// leads to, never a folder.
struct ImageFolderIndexTests {
    @Test func theListingFindsWhatLookingUpFinds() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("images")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        for name in ["a.png", "b@2x.png", "c.gif", "d.PNG", "e.b.png", "f@3x.gif", "readme.txt"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "a.png")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.png").path, withDestinationPath: "nothing.png")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("tofolder.png").path, withDestinationPath: "folder.png")
        let index = ImageFolderIndex(folder: folder)
        let files = FolderFiles(folder: folder, display: "images")
        func looksUp(_ name: String) -> Bool {
            func present(_ file: String) -> Bool { if case .absent = files.lookup(file) { false } else { true } }
            guard FileNamePolicy.unsafeReason(name) == nil else { return false }
            if MapLayouts.drawnExtensions.contains((name as NSString).pathExtension.lowercased()) { return present(name) }
            return MapLayouts.drawnExtensions.contains { present("\(name).\($0)") }
        }
        let names = [
            "a", "a.png", "a@2x.png", "a@3x", "b", "b.png", "b@3x.png", "c", "c.gif", "c.png", "d", "d.PNG", "d.png", "e.b", "e.b.png", "e",
            "f", "f.gif", "folder", "folder.png", "link", "link.png", "dangling", "tofolder", "readme", "readme.txt", "../a.png", ".a", "",
        ]
        for name in names {
            let counted = index.count(ImageFolderIndex.counts([name], catalog: false)) == 1
            #expect(counted == looksUp(name), "\(name): listing \(counted), lookup \(looksUp(name))")
        }
        // Every name counted once, a name given twice twice.
        #expect(index.count(ImageFolderIndex.counts(names + ["a", "a"], catalog: false)) == names.filter(looksUp).count + 2)
        // A folder with nothing in it counts nothing, whatever the map names.
        let empty = folder.appendingPathComponent("folder.png")
        #expect(ImageFolderIndex(folder: empty).count(ImageFolderIndex.counts(names, catalog: false)) == 0)
    }

    @Test func anAssetCatalogCountsItsImageSets() throws {
        let catalog = Fixtures.temporaryDirectory().appendingPathComponent("Faces.xcassets")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("smile.imageset"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: catalog.appendingPathComponent("wink.imageset"))
        let index = ImageFolderIndex(folder: catalog)
        #expect(index.count(ImageFolderIndex.counts(["smile", "wink", "smile.imageset", "../smile"], catalog: true)) == 1)
    }
}

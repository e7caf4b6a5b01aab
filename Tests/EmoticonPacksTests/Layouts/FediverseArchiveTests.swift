import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Packs as the fediverse passes them around: Mastodon's `tootctl emoji import` takes a tarball,
/// Misskey exports a zip. emokit reads folders and says how to get one.
struct FediverseArchiveTests {
    @Test func aTarballIsNamedWithHowToUnpackIt() throws {
        let root = Fixtures.temporaryDirectory()
        for name in ["blobs.tar.gz", "cats.tgz", "dogs.tar"] { try Data([0x1F, 0x8B]).write(to: root.appendingPathComponent(name)) }
        #expect(
            LayoutFixtures.errors(root.appendingPathComponent("blobs.tar.gz").path) == [
                "\(root.path)/blobs.tar.gz: a packed tarball is not read; unpack it first (tar -xf) and name the folder it gives"
            ])
        // Beside other packs: each is named, never passed over in silence.
        try Fixtures.copy(LayoutFixtures.url("Pleroma/emoji/custom"), to: root.appendingPathComponent("custom"))
        let result = try LayoutFixtures.read(root.path)
        #expect(result.packs.map(\.folderName) == ["custom"])
        let name = root.lastPathComponent
        #expect(
            result.warnings.map(\.description) == [
                "\(name)/blobs.tar.gz: skipped, not a pack: a packed tarball; unpack it first (tar -xf)",
                "\(name)/cats.tgz: skipped, not a pack: a packed tarball; unpack it first (tar -xf)",
                "\(name)/dogs.tar: skipped, not a pack: a packed tarball; unpack it first (tar -xf)",
            ])
    }
}

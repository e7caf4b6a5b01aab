import Foundation

/// Weibo-layout packs written by tests: a plist array of entries and images copied from a sample
/// (shared by the pack reader's tests and the CLI's).
public enum WeiboPackFixtures {
    public static let sampleImage = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces/f_smile@3x.png")

    /// Writes a Weibo-layout pack: `entries` as the plist array, `images` copied from a sample.
    public static func makePack(_ folder: URL, plistName: String = "info.plist", entries: [[String: Any]], images: [String] = []) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
        try data.write(to: folder.appendingPathComponent(plistName))
        for image in images { try FileManager.default.copyItem(at: sampleImage, to: folder.appendingPathComponent(image)) }
    }

    /// An image entry inserting `chs`, drawn from `png`.
    public static func entry(_ chs: String, _ png: String) -> [String: Any] { ["chs": chs, "png": png, "type": "0"] }

    /// A one-entry Weibo pack at `root/name` (its plist optionally a YYKit dict with `id`).
    @discardableResult
    public static func onePack(_ root: URL, _ name: String, yykitID: String? = nil) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.conformance.appendingPathComponent("plists/weibo-valid/d_haha.png"), to: folder.appendingPathComponent("d_haha.png"))
        let entries: [Any] = [["chs": "[哈哈]", "png": "d_haha.png", "type": "0"]]
        let root: Any = yykitID.map { ["id": $0, "group_name_cn": name, "emoticons": entries] as [String: Any] } ?? entries
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        return folder
    }
}

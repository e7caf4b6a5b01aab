import Foundation

extension PackReader {
    /// The layout `generate` reads a folder's `info.plist` as, told by the one `detect` every
    /// pack goes through, for `emokit init --update`: nil for Weibo's (an array of entry
    /// dictionaries, the one layout init writes), else the layout in words that follow "it is" ("a QQ/WeChat
    /// icon map (an array of one-key dictionaries, text to image)"), so another layout is never
    /// edited into Weibo's shape. `root` is the parsed plist (`PropertyList.parse`).
    public static func otherLayout(ofInfoPlist root: Any, in folder: URL) -> String? {
        let file = PackPlist(url: folder.appendingPathComponent("info.plist"), usualName: "info.plist", unusualName: nil)
        let source = PackSource(folder: folder, folderDisplay: folder.lastPathComponent, file: file, root: root)
        guard let layout = PackLayouts.detect(source) else { return "not an array of entries (its root is a \(typeName(root)))" }
        switch layout {
        case is WeiboLayout.Type: return nil
        case is IconMapLayout.Type: return "a QQ/WeChat icon map (an array of one-key dictionaries, text to image)"
        case is YYKitGroupLayout.Type: return "a YYKit group (a dictionary with emoticons)"
        case is TextMapLayout.Type: return "a text-to-image map (a dictionary)"
        default: return "not a Weibo array of entries (generate reads it as \(layout))"
        }
    }
}

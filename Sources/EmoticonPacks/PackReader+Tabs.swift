import Foundation

extension PackReader {
    /// `pack` as the tabs its app shows it as (`PackContents.tabs`, Misskey's categories), in
    /// their order. A titled tab is named `<folder>-<title>`: its id and the key the config file's
    /// `tabIds` and `tabTitles` know it by, so a tab keeps its id when another category comes or
    /// goes; the untitled tab keeps the pack's own. A tab whose every entry was refused is left
    /// out (its errors or warnings say why).
    func split(_ pack: EmoticonPack, into tabs: [PackContents.Tab]) -> [EmoticonPack] {
        tabs.compactMap { tab in
            var part = pack
            part.entries = pack.entries.filter { tab.items.contains($0.plistIndex) }
            guard !part.entries.isEmpty else { return nil }
            if let title = tab.title {
                part.folderName = "\(pack.folderName)-\(title)"
                part.id = TabID.base(plistID: nil, folderName: part.folderName)
                part.titles = [.en: title].merging(choices.tabTitles[part.folderName] ?? [:]) { $1 }
                part.tabIcon = tab.icon
            }
            return part
        }
    }
}

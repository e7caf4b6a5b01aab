import Foundation

/// Texts to emoticons, built once per keyboard: an exact-match table and a trie over Characters
/// (grapheme clusters) for longest-match scanning.
struct TextIndex: Sendable {
    var emoticons: [Emoticon] = []
    /// Text → index in `emoticons`.
    var exact: [String: Int] = [:]
    /// Trie nodes: children by Character, and the emoticon ending at the node.
    private var children: [[Character: Int]] = [[:]]
    private var terminal: [Int?] = [nil]

    init(_ manifest: Manifest) {
        var traditional: [(String, Int)] = []
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            for (pageIndex, page) in tab.pages.enumerated() {
                for button in page.buttons {
                    guard let text = button.text, !text.isEmpty else { continue }
                    let emoticon = Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button)
                    emoticons.append(emoticon)
                    if exact[text] == nil { exact[text] = emoticons.count - 1 }
                    if let cht = button.textTraditional, !cht.isEmpty { traditional.append((cht, emoticons.count - 1)) }
                    // Every skin-tone variant is a keyboard text of its own.
                    for variant in button.variants ?? [] where !variant.text.isEmpty {
                        emoticons.append(Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button, variant: variant))
                        if exact[variant.text] == nil { exact[variant.text] = emoticons.count - 1 }
                    }
                }
            }
        }
        // `cht` texts only where no `chs` text is the same.
        for (text, index) in traditional where exact[text] == nil { exact[text] = index }
        for (text, index) in exact.sorted(by: { $0.key < $1.key }) { insert(text, index) }
    }

    private mutating func insert(_ text: String, _ index: Int) {
        var node = 0
        for character in text {
            if let next = children[node][character] {
                node = next
            } else {
                children.append([:])
                terminal.append(nil)
                children[node][character] = children.count - 1
                node = children.count - 1
            }
        }
        terminal[node] = index
    }

    /// The end of the longest keyboard text starting at `start`, and its emoticon.
    func longestMatch(in text: String, from start: String.Index) -> (String.Index, Emoticon)? {
        var node = 0
        var index = start
        var best: (String.Index, Emoticon)?
        while index < text.endIndex, let next = children[node][text[index]] {
            node = next
            index = text.index(after: index)
            if let found = terminal[node] { best = (index, emoticons[found]) }
        }
        return best
    }
}

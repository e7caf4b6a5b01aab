import Foundation

extension EmoticonKeyboard {
    /// A piece of a message: plain text, an emoticon or an emoji. `segments(in:)` cuts a whole
    /// string into these, so the texts joined give back the string exactly; a renderer draws
    /// `.text` as text and the others as images.
    ///
    /// ```swift
    /// for segment in keyboard.segments(in: "今天好开心[哈哈]😀") {
    ///     switch segment.kind {
    ///     case .text: append(text: segment.text)
    ///     case .emoticon, .emoji: append(image: segment.emoticon, orText: segment.text)
    ///     }
    /// }
    /// ```
    public struct Segment: Equatable, Sendable {
        /// What a segment is; encoded as the raw string, the `kind` of `Tests/TokenSpec/segments.json`
        /// and of `Emokit.tokenize` in the web runtime.
        public enum Kind: String, Sendable, CaseIterable {
            /// Text that is neither an emoticon nor an emoji (the longest such run: a segment of
            /// text is never followed by another).
            case text
            /// A keyboard text that is not an emoji (`[哈哈]`): the longest text of any tab
            /// (display-only groups included) that matches at this point.
            case emoticon
            /// One whole grapheme cluster shown as an emoji (ZWJ sequences, flags, keycaps and skin
            /// tones included), whether or not the keyboard has it.
            case emoji
        }

        /// `.text`, `.emoticon` or `.emoji`.
        public let kind: Kind
        /// Where the segment is in the string that was cut.
        public let range: Range<String.Index>
        /// The segment's start in UTF-16 units, for `NSAttributedString` and `UITextView`.
        public let utf16Offset: Int
        /// The segment's length in UTF-16 units.
        public let utf16Length: Int
        /// The segment's text, as it appears in the string.
        public let text: String
        /// The keyboard's emoticon for an `.emoticon` or `.emoji` the keyboard has; nil for text
        /// and for an emoji the keyboard lacks.
        public let emoticon: Emoticon?

        /// The segment's span as an `NSRange`.
        public var nsRange: NSRange { NSRange(location: utf16Offset, length: utf16Length) }
    }

    /// `text` cut into segments: every token of `tokens(in:)` as an `.emoticon` or `.emoji`
    /// segment, and the text between them as `.text` segments. The segments' texts joined are
    /// `text`; the empty string has no segments.
    ///
    /// ```swift
    /// keyboard.segments(in: "好[哈哈]!").map(\.kind)   // [.text, .emoticon, .text]
    /// ```
    public func segments(in text: String) -> [Segment] {
        var segments: [Segment] = []
        var index = text.startIndex
        var utf16 = 0
        func add(_ kind: Segment.Kind, _ range: Range<String.Index>, _ emoticon: Emoticon?) {
            let length = text.utf16.distance(from: range.lowerBound, to: range.upperBound)
            segments.append(Segment(kind: kind, range: range, utf16Offset: utf16, utf16Length: length, text: String(text[range]), emoticon: emoticon))
            utf16 += length
        }
        for token in tokens(in: text) {
            if index < token.range.lowerBound { add(.text, index..<token.range.lowerBound, nil) }
            add(token.kind == .emoji ? .emoji : .emoticon, token.range, token.emoticon)
            index = token.range.upperBound
        }
        if index < text.endIndex { add(.text, index..<text.endIndex, nil) }
        return segments
    }

    /// What the delete key does: `text` with the one token before `caret` removed (default: the
    /// end), a whole emoticon (`[哈哈]`), a whole emoji (👨‍👩‍👧) or one grapheme cluster of text, and
    /// where the caret is then. Only the text before the caret is read, so a caret inside an
    /// emoticon's text removes one character, as it would in any text field.
    ///
    /// ```swift
    /// keyboard.deleteBackward(in: "好[哈哈]").text   // "好"
    /// ```
    public func deleteBackward(in text: String, before caret: String.Index? = nil) -> (text: String, caret: String.Index) {
        let caret = caret ?? text.endIndex
        let before = text[..<caret]
        guard let last = segments(in: String(before)).last else { return (text, caret) }
        let start: String.Index
        if last.kind == .text {
            start = before.index(before: before.endIndex)
        } else {
            start = text.utf16.index(text.startIndex, offsetBy: last.utf16Offset)
        }
        let result = String(text[..<start]) + String(text[caret...])
        return (result, result.utf16.index(result.startIndex, offsetBy: text.utf16.distance(from: text.startIndex, to: start)))
    }

    /// The index in `tabs` of the tab whose `id` is `id`, or nil. Tab ids are unique and stable
    /// across runs, unlike indexes, which move when a pack is added.
    ///
    /// ```swift
    /// if let tab = keyboard.tabIndex(id: "faces") { show(tab: tab, page: 0) }
    /// ```
    public func tabIndex(id: String) -> Int? {
        manifest.tabs.firstIndex { $0.id == id }
    }

    /// The tab whose `id` is `id`, or nil.
    ///
    /// ```swift
    /// keyboard.tab(id: "faces")?.title   // "表情"
    /// ```
    public func tab(id: String) -> Manifest.Tab? {
        tabIndex(id: id).map { manifest.tabs[$0] }
    }

    /// `page(tab:page:)` by tab id.
    ///
    /// ```swift
    /// let buttons = keyboard.page(tabID: "faces", page: 0)?.buttons ?? []
    /// ```
    public func page(tabID: String, page: Int) -> Manifest.Page? {
        tabIndex(id: tabID).flatMap { self.page(tab: $0, page: page) }
    }

    /// `button(at:tab:page:scale:)` by tab id.
    ///
    /// ```swift
    /// if let text = keyboard.button(at: tap, tabID: "faces", page: 0)?.text { insert(text) }
    /// ```
    public func button(at point: CGPoint, tabID: String, page: Int, scale: Int? = nil) -> Manifest.Button? {
        tabIndex(id: tabID).flatMap { button(at: point, tab: $0, page: page, scale: scale) }
    }

    /// `sheetURL(tab:page:scale:)` by tab id.
    ///
    /// ```swift
    /// let url = keyboard.sheetURL(tabID: "faces", page: 0, scale: 3)
    /// ```
    public func sheetURL(tabID: String, page: Int, scale: Int) -> URL? {
        tabIndex(id: tabID).flatMap { sheetURL(tab: $0, page: page, scale: scale) }
    }

    /// `verifySheet(_:tab:page:scale:)` by tab id.
    public func verifySheet(_ data: Data, tabID: String, page: Int, scale: Int) -> Bool {
        tabIndex(id: tabID).map { verifySheet(data, tab: $0, page: page, scale: scale) } ?? false
    }
}

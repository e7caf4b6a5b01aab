import Foundation

/// One emoticon of the keyboard, with where it lives and how to draw it.
public struct Emoticon: Equatable, Sendable {
    /// The tab's index in `EmoticonKeyboard.tabs` (manifest order, display-only tabs included).
    public let tab: Int
    /// The tab's id (`Manifest.Tab.id`).
    public let tabID: String
    /// Page index within the tab.
    public let page: Int
    /// The button: text, name, frame and sprite rects.
    public let button: Manifest.Button
    /// Set when this is one of the button's skin-tone variants (👍🏽 of 👍): its picture is in the
    /// tab's variants sheet, not in the page's sheet.
    public var variant: Manifest.Variant? = nil

    /// What a tap inserts (the variant's text for a variant).
    public var text: String { variant?.text ?? button.text ?? "" }
    /// True when a tap sends the emoticon's picture instead of typing its text (a WhatsApp
    /// sticker): `EmoticonKeyboardModel` answers a tap with `KeyboardAction.sendImage`, never an
    /// edit, and `EmoticonKeyboard.imageURL(for:)` is the file to send.
    public var sendsImage: Bool { variant == nil && button.sends == .image }
    /// The name a screen reader says.
    public var name: String { variant?.name ?? button.name }
    /// The icon's rect at `scale`, in pixels of the sheet `EmoticonKeyboard.sheetURL(for:scale:)` names.
    public func sprite(scale: Int) -> Manifest.PixelRect? { variant.map { $0.sprite["\(scale)"] } ?? button.sprite["\(scale)"] }
}

/// The name this type had before it moved into `EmoticonKeyboard`; use `EmoticonKeyboard.Token`.
@available(*, deprecated, renamed: "EmoticonKeyboard.Token")
public typealias Token = EmoticonKeyboard.Token

extension EmoticonKeyboard {
    /// A piece of a string that should be drawn as an image: an emoticon's text (`[哈哈]`) or an
    /// emoji. Ranges are grapheme-aligned, so a token never splits a flag, keycap or ZWJ sequence.
    /// `tokens(in:)` returns only these; `segments(in:)` also returns the text between them.
    ///
    /// ```swift
    /// for token in keyboard.tokens(in: "好[哈哈]😀") where token.kind == .emoticon {
    ///     attributed.addAttribute(.attachment, value: attachment(token.emoticon!), range: token.nsRange)
    /// }
    /// ```
    public struct Token: Equatable, Sendable {
        /// What a token is: a keyboard text such as `[哈哈]`, or an emoji.
        public enum Kind: String, Sendable {
            /// `emoticon`: a keyboard text that is not an emoji (`[哈哈]`), found only when the
            /// keyboard has it; `emoji`: one whole grapheme cluster shown as an emoji (😀, 👍🏽,
            /// 🇨🇳, 1️⃣, 👨‍👩‍👧), found whether or not the keyboard has it, and the keyboard's emoji
            /// buttons even when text-style (a bare `❤`).
            case emoticon, emoji
        }

        /// `.emoticon` for a keyboard text that is not an emoji (`[哈哈]`); `.emoji` for any emoji,
        /// whether or not the keyboard has it (and for the keyboard's emoji buttons, even text-style
        /// ones such as a bare `❤`).
        public let kind: Kind
        /// Where the token is in the string that was scanned.
        public let range: Range<String.Index>
        /// The same span in UTF-16 units, for `NSAttributedString` and `UITextView`.
        public let utf16Offset: Int
        /// The token's length in UTF-16 units.
        public let utf16Length: Int
        /// The token's text, as it appears in the string.
        public let text: String
        /// The keyboard's emoticon for this text; nil for an emoji the keyboard does not have.
        public let emoticon: Emoticon?

        /// The token's span as an `NSRange`, for `NSAttributedString` and `UITextView`.
        public var nsRange: NSRange { NSRange(location: utf16Offset, length: utf16Length) }
    }

    /// Every emoticon text and every emoji in `text`, in order, without overlaps: `segments(in:)`
    /// without the text between them. `segments(in:)` is the one name the documentation uses for
    /// cutting a message (the web runtime's `Emokit.tokenize` returns the same segments); this stays
    /// for code that wants only the images. At each position
    /// the longest keyboard text wins (`[哈哈哈]` over `[哈哈]`); matching is by whole grapheme
    /// clusters, so `👍` does not match inside `👍🏽` and `🇨🇳` is never split.
    ///
    /// ```swift
    /// keyboard.tokens(in: "今天[哈哈]了😀").map(\.text)   // ["[哈哈]", "😀"]
    /// ```
    public func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            if let (end, emoticon) = textIndex.longestMatch(in: text, from: index) {
                let kind: Token.Kind = emoticon.button.codePoints != nil || text[index].isEmoji ? .emoji : .emoticon
                tokens.append(Self.token(kind, text, index..<end, emoticon))
                index = end
                continue
            }
            let next = text.index(after: index)
            if text[index].isEmoji {
                tokens.append(Self.token(.emoji, text, index..<next, nil))
            }
            index = next
        }
        return tokens
    }

    private static func token(_ kind: Token.Kind, _ text: String, _ range: Range<String.Index>, _ emoticon: Emoticon?) -> Token {
        let offset = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        let length = text.utf16.distance(from: range.lowerBound, to: range.upperBound)
        return Token(kind: kind, range: range, utf16Offset: offset, utf16Length: length, text: String(text[range]), emoticon: emoticon)
    }
}

extension Character {
    /// Whether this grapheme cluster is displayed as an emoji: a code point with emoji
    /// presentation (😀, 🇨🇳, 🏴 tag flags), or a text-default emoji made emoji by U+FE0F, a keycap
    /// (1️⃣), a skin-tone modifier or a ZWJ sequence. Plain digits, `#` and `©` are not emoji.
    /// `Templates/emoticons.js` (`isEmoji`) applies the same rule in the browser.
    var isEmoji: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.dropFirst().contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D || $0.properties.isEmojiModifier }
    }
}

import Foundation

extension NSAttributedString.Key {
    /// The text an emoticon picture in a message stands for (`[哈哈]`, 😀): set by
    /// `EmoticonKeyboard.attributedMessage(_:attributes:picture:)` on each picture's run, read by
    /// `EmoticonKeyboard.plainText(of:)` so that copying a message puts its text on the
    /// pasteboard, not the attachment character U+FFFC.
    public static let emoticonText = NSAttributedString.Key("emokit.emoticonText")
}

/// The value of `.emoticonText`: the text one picture stands for. An object, not the string
/// itself, so two equal pictures side by side (`[心][心]`) stay two runs with a text each.
public final class EmoticonTextAttribute: NSObject, Sendable {
    /// The text the picture stands for.
    public let text: String
    /// The attribute for a picture of `text`.
    public init(_ text: String) { self.text = text }
}

extension EmoticonKeyboard {
    /// `message` as an attributed string to show: its text segments as text with `attributes`, and
    /// each emoticon or emoji segment the keyboard has as the string `picture` returns for it
    /// (on iOS `NSAttributedString(attachment:)` of its sprite), that run carrying the segment's
    /// text under `.emoticonText` (an `EmoticonTextAttribute`). A segment for which `picture` returns nil stays text.
    ///
    /// ```swift
    /// label.attributedText = keyboard.attributedMessage(message, attributes: [.font: font]) { segment in
    ///     segment.emoticon.map { NSAttributedString(attachment: attachment(for: $0)) }
    /// }
    /// ```
    public func attributedMessage(
        _ message: String, attributes: [NSAttributedString.Key: Any] = [:], picture: (Segment) -> NSAttributedString?
    ) -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for segment in segments(in: message) {
            guard segment.kind != .text, let drawn = picture(segment) else {
                result.append(NSAttributedString(string: segment.text, attributes: attributes))
                continue
            }
            let start = result.length
            result.append(drawn)
            result.addAttribute(.emoticonText, value: EmoticonTextAttribute(segment.text), range: NSRange(location: start, length: drawn.length))
        }
        return result
    }

    /// The text of `attributed` with every `.emoticonText` run replaced by the text it stands for:
    /// what a copy of (part of) a message puts on the pasteboard.
    ///
    /// ```swift
    /// override func copy(_ sender: Any?) {   // in a UITextView subclass showing messages
    ///     UIPasteboard.general.string = EmoticonKeyboard.plainText(of: attributedText.attributedSubstring(from: selectedRange))
    /// }
    /// ```
    public static func plainText(of attributed: NSAttributedString) -> String {
        var text = ""
        let string = attributed.string as NSString
        // Runs of one picture's attribute object come as one range, whatever other attributes vary.
        attributed.enumerateAttribute(NSAttributedString.Key.emoticonText, in: NSRange(location: 0, length: attributed.length), options: []) { value, range, _ in
            text += (value as? EmoticonTextAttribute)?.text ?? string.substring(with: range)
        }
        return text
    }
}

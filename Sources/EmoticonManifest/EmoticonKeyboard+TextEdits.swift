import Foundation

/// The keyboard's edits of a text field in UTF-16 ranges (`NSRange`), the units UIKit's text input
/// speaks: an app applies each with `UITextInput.replace(_:withText:)` (or
/// `textStorage.replaceCharacters(in:with:)`), so undo, the caret and a Chinese input method's
/// marked text stay intact, which setting `textView.text` to a new string breaks.
///
/// ```swift
/// let range = keyboard.rangeToDelete(in: textView.text, selectedRange: textView.selectedRange)
/// if range.length > 0, let r = textView.textRange(from: range) { textView.replace(r, withText: "") }
/// ```
///
/// Both functions read whole grapheme clusters and whole emoticon texts: `[哈哈]` and 👨‍👩‍👧 are
/// deleted whole, and no range ever splits a surrogate pair or an emoji. A range outside the text
/// (a stale selection) is clamped to it.
extension EmoticonKeyboard {
    /// The range the delete key removes: a non-empty selection as it is (widened to whole
    /// characters); else the token before the caret, a whole emoticon (`[哈哈]`), a whole emoji
    /// or one character of text (`deleteBackward(in:before:)`'s rule). Empty (length 0) when the
    /// caret is at the start: nothing to delete. The caret goes to the returned range's `location`.
    public func rangeToDelete(in text: String, selectedRange: NSRange) -> NSRange {
        let selection = Self.characterAligned(selectedRange, in: text)
        if selection.length > 0 { return selection }
        let caret = text.utf16.index(text.startIndex, offsetBy: selection.location)
        let before = String(text[..<caret])
        guard let last = segments(in: before).last else { return NSRange(location: selection.location, length: 0) }
        let start: Int
        if last.kind == .text {
            start = before.utf16.distance(from: before.startIndex, to: before.index(before: before.endIndex))
        } else {
            start = last.utf16Offset
        }
        return NSRange(location: start, length: selection.location - start)
    }

    /// The range an insertion replaces: the selection (empty at a caret), clamped to the text and
    /// widened to whole characters, so an emoticon's text never lands inside an emoji or a
    /// surrogate pair. After `replace(_:withText: emoticon.text)` the caret is at
    /// `location + emoticon.text.utf16.count`.
    public func rangeToInsert(in text: String, selectedRange: NSRange) -> NSRange {
        Self.characterAligned(selectedRange, in: text)
    }

    /// `range` clamped to `text` (UTF-16 units: the part of it inside the text, or an empty range at
    /// the nearer end), its start moved back and its end moved forward to grapheme cluster
    /// boundaries. `NSNotFound` is the end of the text. Any `NSRange` is taken, however far outside
    /// the text (`Int.max`, values negative as `Int` from a bridged or corrupted selection): its end
    /// saturates at `Int.max` instead of overflowing.
    static func characterAligned(_ range: NSRange, in text: String) -> NSRange {
        let length = text.utf16.count
        let asked = range.location == NSNotFound ? length : range.location
        let (askedEnd, overflow) = asked.addingReportingOverflow(max(range.length, 0))
        let lower = min(max(asked, 0), length)
        let upper = min(max(overflow ? Int.max : askedEnd, lower), length)
        var start = 0, end = length
        var offset = 0
        for character in text {
            let next = offset + character.utf16.count
            if next <= lower { start = next }
            if offset >= upper && end == length { end = offset }
            offset = next
        }
        if upper == lower { end = start }
        return NSRange(location: start, length: max(end, start) - start)
    }
}

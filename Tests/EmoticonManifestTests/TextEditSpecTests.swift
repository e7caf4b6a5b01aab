import EmoticonManifest
import Foundation
import Testing

/// The NSRange edits (`rangeToDelete(in:selectedRange:)`, `rangeToInsert(in:selectedRange:)`)
/// against the shared token spec: the range, removed from the text as a `UITextView` removes it
/// (`NSString.replacingCharacters`), gives every vector's `deleteBackward` text and caret, the
/// same vectors the web runtime's `deleteBackward` passes.
struct TextEditSpecTests {
    static let keyboard = TokenSpecTests.keyboard

    @Test(arguments: TokenSpecTests.spec.vectors) func rangeToDeleteMatchesTheSpec(_ vector: TokenSpecTests.Spec.Vector) {
        let input = vector.input
        let caret = vector.caret ?? input.utf16.count
        let range = Self.keyboard.rangeToDelete(in: input, selectedRange: NSRange(location: caret, length: 0))
        let result = (input as NSString).replacingCharacters(in: range, with: "")
        #expect(result == vector.deleteBackward.text)
        #expect(range.location == (vector.deleteBackward.caret ?? vector.deleteBackward.text.utf16.count))
        #expect(range.location + range.length == caret)
        // The String.Index API and the NSRange API agree.
        let indexed = Self.keyboard.deleteBackward(in: input, before: input.utf16.index(input.startIndex, offsetBy: caret))
        #expect(indexed.text == result)
    }

    @Test func aSelectionIsDeletedAsItIsWidenedToWholeCharacters() {
        let text = "a👍🏽b[哈哈]"  // a, 👍🏽 (4 UTF-16 units), b, [哈哈]
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: NSRange(location: 0, length: 1)) == NSRange(location: 0, length: 1))
        // A selection ending inside the emoji covers all of it; one starting inside it too.
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: NSRange(location: 0, length: 2)) == NSRange(location: 0, length: 5))
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: NSRange(location: 3, length: 2)) == NSRange(location: 1, length: 4))
        // A caret inside the emoji's surrogate pairs deletes what is before the emoji.
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: NSRange(location: 2, length: 0)) == NSRange(location: 0, length: 1))
        // Nothing before the caret: an empty range.
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: NSRange(location: 0, length: 0)) == NSRange(location: 0, length: 0))
        #expect(Self.keyboard.rangeToDelete(in: "", selectedRange: NSRange(location: 0, length: 0)) == NSRange(location: 0, length: 0))
    }

    @Test func aStaleSelectionIsClampedToTheText() {
        #expect(Self.keyboard.rangeToDelete(in: "ab[哈]", selectedRange: NSRange(location: 40, length: 3)) == NSRange(location: 2, length: 3))
        #expect(Self.keyboard.rangeToInsert(in: "ab", selectedRange: NSRange(location: NSNotFound, length: 0)) == NSRange(location: 2, length: 0))
        #expect(Self.keyboard.rangeToInsert(in: "ab", selectedRange: NSRange(location: 1, length: 99)) == NSRange(location: 1, length: 1))
    }

    /// Selections no text view should hand over, but a bridged or corrupted one can: `NSNotFound`
    /// (`Int.max`) with any length, lengths that overflow when added to the location, and values
    /// that are negative as `Int` (an `NSUInteger` over `Int.max`). Each is clamped to the text:
    /// never a crash, never a range outside the text.
    static let extremeRanges: [(NSRange, insert: NSRange, delete: NSRange)] = [
        (NSRange(location: Int.max, length: Int.max), NSRange(location: 6, length: 0), NSRange(location: 2, length: 4)),
        (NSRange(location: NSNotFound, length: 0), NSRange(location: 6, length: 0), NSRange(location: 2, length: 4)),
        (NSRange(location: NSNotFound, length: Int.max), NSRange(location: 6, length: 0), NSRange(location: 2, length: 4)),
        (NSRange(location: 1, length: Int.max), NSRange(location: 1, length: 5), NSRange(location: 1, length: 5)),
        (NSRange(location: 6, length: Int.max), NSRange(location: 6, length: 0), NSRange(location: 2, length: 4)),
        (NSRange(location: Int.max - 1, length: 2), NSRange(location: 6, length: 0), NSRange(location: 2, length: 4)),
        (NSRange(location: -1, length: 0), NSRange(location: 0, length: 0), NSRange(location: 0, length: 0)),
        (NSRange(location: Int.min, length: Int.min), NSRange(location: 0, length: 0), NSRange(location: 0, length: 0)),
        (NSRange(location: -5, length: 3), NSRange(location: 0, length: 0), NSRange(location: 0, length: 0)),
        (NSRange(location: -2, length: 5), NSRange(location: 0, length: 3), NSRange(location: 0, length: 3)),
        (NSRange(location: 3, length: -1), NSRange(location: 3, length: 0), NSRange(location: 2, length: 1)),
    ]

    @Test(arguments: extremeRanges.indices) func anExtremeSelectionIsClampedNeverACrash(_ index: Int) {
        let text = "ab[哈哈]"  // 6 UTF-16 units, the emoticon at 2..<6
        let (selection, insert, delete) = Self.extremeRanges[index]
        #expect(Self.keyboard.rangeToInsert(in: text, selectedRange: selection) == insert)
        #expect(Self.keyboard.rangeToDelete(in: text, selectedRange: selection) == delete)
        #expect(Self.keyboard.rangeToDelete(in: "", selectedRange: selection) == NSRange(location: 0, length: 0))
        #expect(Self.keyboard.rangeToInsert(in: "", selectedRange: selection) == NSRange(location: 0, length: 0))
        // The ranges apply to the text as a text view applies them.
        #expect(TextEdit(range: delete, replacement: "").applied(to: text).utf16.count == text.utf16.count - delete.length)
    }

    /// An insertion at a caret in the middle of the text replaces nothing there; over a selection it
    /// replaces the selection; never inside an emoji.
    @Test func insertionRanges() {
        let text = "今天👨‍👩‍👧好"
        let family = "👨‍👩‍👧".utf16.count
        #expect(Self.keyboard.rangeToInsert(in: text, selectedRange: NSRange(location: 1, length: 0)) == NSRange(location: 1, length: 0))
        #expect(Self.keyboard.rangeToInsert(in: text, selectedRange: NSRange(location: 4, length: 0)) == NSRange(location: 2, length: 0))
        #expect(Self.keyboard.rangeToInsert(in: text, selectedRange: NSRange(location: 3, length: 2)) == NSRange(location: 2, length: family))
        let edit = TextEdit(range: Self.keyboard.rangeToInsert(in: text, selectedRange: NSRange(location: 1, length: 0)), replacement: "[哈哈]")
        #expect(edit.applied(to: text) == "今[哈哈]天👨‍👩‍👧好")
        #expect(edit.selectedRangeAfter == NSRange(location: 5, length: 0))
    }
}

/// A message shown with pictures copies as its text: every spec vector, each emoticon and emoji
/// the keyboard has drawn as U+FFFC, comes back whole from `plainText(of:)`, also for a part of it.
struct MessageCopyTests {
    @Test(arguments: TokenSpecTests.spec.vectors) func aDrawnMessageCopiesAsItsText(_ vector: TokenSpecTests.Spec.Vector) {
        let keyboard = TokenSpecTests.keyboard
        let shown = keyboard.attributedMessage(vector.input) { $0.emoticon == nil ? nil : NSAttributedString(string: "\u{FFFC}") }
        let pictures = keyboard.segments(in: vector.input).filter { $0.kind != .text && $0.emoticon != nil }.count
        #expect(shown.string.filter { $0 == "\u{FFFC}" }.count == pictures)
        #expect(EmoticonKeyboard.plainText(of: shown) == vector.input)
    }

    @Test func equalPicturesSideBySideAndAPartOfTheMessage() {
        let keyboard = TokenSpecTests.keyboard
        let shown = keyboard.attributedMessage("好[心][心]了", attributes: [.emoticonText: "not a picture"]) { _ in NSAttributedString(string: "\u{FFFC}") }
        #expect(shown.string == "好\u{FFFC}\u{FFFC}了")
        #expect(EmoticonKeyboard.plainText(of: shown.attributedSubstring(from: NSRange(location: 1, length: 2))) == "[心][心]")
        #expect(EmoticonKeyboard.plainText(of: NSAttributedString(string: "plain")) == "plain")
    }
}

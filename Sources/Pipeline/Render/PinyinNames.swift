import Diagnostics
import EmojiData
import EmoticonPacks
import Foundation
import RunSteps

/// The pinyin the manifest gives every button whose name has Han characters (see `Pinyin`),
/// read from CLDR's `Han-Latin` transform beside the annotations (`<cldr>/transforms/`), so no
/// setting of its own. Only the names' characters are kept, and nothing is read when no name has
/// a Han character (an English keyboard of image packs).
struct PinyinNames {
    let pinyin: Pinyin?
    /// Why names have no pinyin although some have Han characters (the transform is not installed).
    let note: Diagnostic?

    /// A missing transform is a note (names just get no pinyin, as without CLDR's annotations);
    /// a transform that is there but unreadable or malformed fails the run, naming its line.
    init(names: [String], cldrCommon: URL) throws(GenerationError) {
        var characters = Set<Unicode.Scalar>()
        for name in names { characters.formUnion(name.unicodeScalars.filter(Pinyin.isHan)) }
        let url = cldrCommon.appendingPathComponent(Pinyin.transformPath)
        guard !characters.isEmpty, FileManager.default.fileExists(atPath: url.path) else {
            pinyin = nil
            note =
                characters.isEmpty
                ? nil
                : Diagnostic(
                    "no-pinyin", .note, file: url.path,
                    message: "\(path: url.path): not found; names get no pinyin for search (install unicode-cldr-core)")
            return
        }
        do { pinyin = try Pinyin(cldrCommon: cldrCommon, characters: characters) } catch { throw .emojiData(error) }
        note = nil
    }
}

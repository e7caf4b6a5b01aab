import Foundation

/// How a folder's image files become emoticons: one rule for a plain folder read as a pack
/// (`PlainImageFolderLayout`) and for `emokit init` (PackAuthoring's `PackStarter`), so a folder
/// reads the same before and after `init`. Files are grouped by their name without scale and
/// extension; a group whose files spell the name with other code points, repeat a scale or spell
/// the extension differently is refused naming the file, never read as one emoticon with a file
/// dropped silently.
package enum ImageNaming {
    /// The extensions of image files (any case): `init` lists them, a plain folder reads them.
    /// Still images are PNG, JPEG, WebP or BMP (decoded by what the file holds, whatever its
    /// extension says); a GIF animates, its first frame drawn when it is the only image.
    package static let imageExtensions: Set<String> = Set(MapLayouts.drawnExtensions)

    /// An image file's name as read: `smile@2x.png` is stem `smile`, scale 2, extension `png`.
    package struct ImageName: Sendable {
        package let file: String
        package let stem: String
        package let scale: Int
        package let ext: String
        package var isGIF: Bool { ext.lowercased() == "gif" }

        /// Reads `file`'s stem, scale (`@2x`, `@3x`, else 1) and extension; the stem may be empty.
        package init(file: String) {
            var stem = (file as NSString).deletingPathExtension
            var scale = 1
            if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") {
                scale = stem.hasSuffix("@2x") ? 2 : 3
                stem = String(stem.dropLast(3))
            }
            self.file = file
            self.stem = stem
            self.scale = scale
            self.ext = (file as NSString).pathExtension
        }
    }

    /// One emoticon's files: the PNG and GIF it is drawn from (each at its lowest scale) and the
    /// scales of the kind drawn (the PNG's, else the GIF's).
    package struct NamedImage: Equatable, Sendable {
        package let name: String
        package let png: String?
        package let gif: String?
        package let scales: [Int]
    }

    /// Why a group of files is not one emoticon: `file` as `<folder display>/<file>`.
    package struct Problem: Error, Equatable, Sendable {
        package let file: String
        package let reason: String
    }

    /// What an image named `stem` inserts: Weibo's `[stem]`, or the stem itself when it is
    /// already bracketed (`[偷笑].png` inserts `[偷笑]`, never `[[偷笑]]`).
    package static func text(forStem stem: String) -> String {
        stem.count > 2 && stem.hasPrefix("[") && stem.hasSuffix("]") ? stem : "[\(stem)]"
    }

    /// The names a pack's delete-key image goes by (any case, any image format, with `@2x`/
    /// `@3x`), in the order one is chosen when a folder has several: emokit's own `delete`, then
    /// the Weibo/WeChat packs' `[删除]` (and its traditional spelling), then `del`, `backspace`.
    package static let deleteKeyNames = ["delete", "[删除]", "删除", "[刪除]", "刪除", "del", "backspace"]

    /// Where `stem` stands in `deleteKeyNames` (case-insensitive), or nil when it is not a
    /// delete key's name.
    package static func deleteKeyRank(_ stem: String) -> Int? { deleteKeyNames.firstIndex(of: stem.lowercased()) }

    /// Whether an image named `stem` is a delete key's (`Delete`, `[删除]`, `backspace`).
    package static func isDeleteKey(_ stem: String) -> Bool { deleteKeyRank(stem) != nil }

    /// The pack's own delete button and tab icon are not emoticons.
    package static func isOwnButton(_ stem: String) -> Bool { isDeleteKey(stem) || stem == "icon" }

    /// Files grouped by name (Swift's `String` equality, so two spellings of one name in
    /// different Unicode normal forms land in one group, to be refused), in bytewise order of the
    /// names (`a` before `a b` before `a_b`, whatever the locale).
    package static func grouped(_ images: [ImageName]) -> [[ImageName]] {
        var groups: [String: [ImageName]] = [:]
        for image in images { groups[image.stem, default: []].append(image) }
        return groups.values.sorted { $0[0].stem.utf8.lexicographicallyPrecedes($1[0].stem.utf8) }
    }

    /// One emoticon from the files of one name: a PNG's files (and a GIF's) must agree on the
    /// name's spelling and the extension's, since the reader finds `@2x`/`@3x` from the base name.
    package static func image(_ group: [ImageName], display: String) -> Result<NamedImage, Problem> {
        var files: [Bool: ImageName] = [:]  // isGIF: the kind's reference file (lowest scale)
        for kind in [false, true] {
            let ofKind = group.filter { $0.isGIF == kind }.sorted {
                $0.scale != $1.scale ? $0.scale < $1.scale : $0.file.utf8.lexicographicallyPrecedes($1.file.utf8)
            }
            guard let reference = ofKind.first else { continue }
            for image in ofKind.dropFirst() {
                if !image.stem.unicodeScalars.elementsEqual(reference.stem.unicodeScalars) {
                    return .failure(
                        .init(file: "\(display)/\(image.file)", reason: "spells the name of \(reference.file) with other Unicode code points (another normal form); rename one so they match"))
                }
            }
            for (previous, image) in zip(ofKind, ofKind.dropFirst()) where previous.scale == image.scale {
                return .failure(.init(file: "\(display)/\(image.file)", reason: "the same image as \(previous.file) (one name, one scale); keep one"))
            }
            for image in ofKind.dropFirst() {
                if image.ext != reference.ext {
                    return .failure(
                        .init(file: "\(display)/\(image.file)", reason: "spell the extension as \(reference.file) does (.\(reference.ext)): the @2x/@3x files are found from the base name"))
                }
            }
            files[kind] = reference
        }
        let png = files[false], gif = files[true]
        if let png, let gif, !png.stem.unicodeScalars.elementsEqual(gif.stem.unicodeScalars) {
            return .failure(.init(file: "\(display)/\(gif.file)", reason: "spells the name of \(png.file) with other Unicode code points (another normal form); rename one so they match"))
        }
        let scales = Set(group.filter { $0.isGIF == (png == nil) }.map(\.scale)).sorted()
        let stem = (png ?? gif)!.stem
        return .success(NamedImage(name: stem, png: png.map { "\($0.stem).\($0.ext)" }, gif: gif.map { "\($0.stem).\($0.ext)" }, scales: scales))
    }
}

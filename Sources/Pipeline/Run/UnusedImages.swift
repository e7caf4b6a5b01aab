import Diagnostics
import EmoticonPacks
import Foundation

/// What `generate` says about images in a pack folder that no entry names: one line per pack,
/// with how many (an image with its `@2x`/`@3x` files counts once) and the first; `validate`
/// lists each file (`Generator.unusedImages`). An image dropped into a pack and forgotten in its
/// plist must not go unnoticed, and a pack of many must not flood the run with lines.
enum UnusedImages {
    /// One warning per pack folder with unused PNGs, skipping packs whose layout said so already
    /// (a map's `unmapped-images` warning), and packs with entries left out by a warning of their
    /// own (a repeated text, a bad entry skipped by `--lenient`): their images are unused as a
    /// consequence of what was said, not forgotten.
    static func warnings(_ packs: [EmoticonPack], reported: [PackError]) -> [Diagnostic] {
        let consequences: Set<Diagnostic.Code> = ["unmapped-images", "duplicate-text", "skipped-entry", "bad-entry"]
        let already = Set(reported.filter { consequences.contains($0.code) }.map(\.plistPath))
        var seen = Set<URL>()
        var warnings: [Diagnostic] = []
        // Grouped in one pass: filtering every pack for each was 70% of a run of 1,800 packs.
        let byFolder = Dictionary(grouping: packs) { $0.folder.standardizedFileURL }
        for pack in packs where seen.insert(pack.folder.standardizedFileURL).inserted && !already.contains(pack.plistPath) {
            let sharing = byFolder[pack.folder.standardizedFileURL] ?? [pack]
            let (display, groups) = Generator.unusedImageGroups(in: pack, sharing: sharing)
            guard let name = groups.first?.first else { continue }
            let first = "\(display)/\(name)"
            let (images, files) = (groups.count, groups.reduce(0) { $0 + $1.count })
            let filesText = files == images ? "" : " (\(files) files)"
            let verb = images == 1 ? "is" : "are"
            warnings.append(
                Diagnostic(
                    "unused-images", .warning, file: pack.plistPath,
                    message: "\(path: pack.plistPath): \(images) image\(images == 1 ? "" : "s")\(filesText) in the pack folder \(verb) not named by any entry "
                        + "(first: \(path: first)); validating lists each"))
        }
        return warnings
    }
}

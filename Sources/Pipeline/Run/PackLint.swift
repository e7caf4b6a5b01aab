import Diagnostics
import EmoticonPacks
import Foundation
import Imaging

/// What `emokit validate` reports: the generator's own plan (so validate and generate can never
/// disagree about what is refused) plus findings only a linter cares about, which `generate`
/// draws anyway: images no entry names, images far from square, and `@2x`/`@3x` files whose
/// size disagrees with the base file.
public struct PackLint: Sendable {
    /// The plan `generate` would draw from, computed with `strict` off so every warning is seen.
    public var plan: Plan
    /// The lint-only findings, in reading order (by pack, file-level first, then by entry).
    public var findings: [PackError]
    /// Everything to report as a warning: the plan's warnings, then the lint findings, in
    /// reading order.
    public var warnings: [PackError]

    /// What `validate` reports, in print order: the warnings, then the plan's notes.
    public var diagnostics: [Diagnostic] { warnings.map { $0.diagnostic(as: .warning) } + plan.notes.map(\.diagnostic) }

    /// Longer side over shorter side above which an image counts as far from square: 1.5 lets
    /// a 3:2 sticker pass but flags a 2:1 banner, which the icon box would shrink to half height.
    public static let maximumAspect = 1.5
    /// Pixels a `@2x`/`@3x` file may differ from exactly 2x/3x the base (odd sizes round).
    public static let variantTolerance = 1
}

extension Generator {
    /// Reads and checks the packs exactly as `plan()` does, then adds the lint findings.
    /// Nothing is written. Throws what `plan()` throws; with `strict`, throws every warning
    /// (the plan's and the lint findings) as an error.
    public func lint() throws(GenerationError) -> PackLint {
        var relaxed = options
        relaxed.strict = false
        let plan: Plan
        do {
            plan = try Generator(options: relaxed).plan(listingEveryEnlargement: true, explainingLayouts: true)
        } catch .packs(_, let warnings) where options.strict && !warnings.isEmpty {
            // The packs fail either way: strict, they fail as generate's do, warnings made errors.
            _ = try Generator(options: options).plan(listingEveryEnlargement: true, explainingLayouts: true)
            throw .packs([], warnings: warnings)
        }
        let decoder = PNGDecoder(limits: options.imageLimits)
        // The delete icons are checked as generate reads them (a pack's own, --delete-icon, emokit's).
        _ = try loadDeleteIcons(for: plan.packs, boxes: options.iconBoxes, decoder: decoder)
        var findings: [PackError] = []
        // Packs read from one folder (a Pidgin theme and its received-only tab) share its images,
        // listed once with the first; grouped in one pass, so time grows with the number of packs.
        let byFolder = Dictionary(grouping: plan.packs, by: \.folder)
        var listed = Set<URL>()
        for pack in plan.packs {
            if listed.insert(pack.folder).inserted { findings += Self.unusedImages(in: pack, sharing: byFolder[pack.folder] ?? [pack]) }
            for entry in pack.entries {
                guard case .image(let file) = entry.content, file.format == .png else { continue }
                findings += Self.shapeFindings(file, entry: entry, pack: pack, decoder: decoder)
            }
        }
        let plistPaths = plan.packs.map(\.plistPath)
        let ordered = PackError.inReadingOrder(findings, plistPaths: plistPaths)
        let warnings = PackError.inReadingOrder(plan.warnings + ordered, plistPaths: plistPaths)
        if options.strict && !warnings.isEmpty { throw .packs(warnings) }
        return PackLint(plan: plan, findings: ordered, warnings: warnings)
    }

    /// PNG files in the pack's folder that no entry, animation or delete icon names, one finding
    /// per image (`d_666.png (and d_666@2x.png, d_666@3x.png)`), see `unusedImageGroups`.
    static func unusedImages(in pack: EmoticonPack, sharing: [EmoticonPack] = []) -> [PackError] {
        let (display, groups) = unusedImageGroups(in: pack, sharing: sharing)
        return groups.map { names in
            let others = names.count > 1 ? " (and \(names.dropFirst().joined(separator: ", ")))" : ""
            return .unusedImage(path: pack.plistPath, file: "\(display)/\(names[0])\(others)")
        }
    }

    /// The folder as messages name it, and the PNG files no entry, animation or delete icon
    /// names, grouped by image (a name with its `@2x`/`@3x` files), in name order. `@2x`/`@3x`
    /// siblings of a named file count as named; `delete.png` and `icon.png` (and their siblings)
    /// have their own meaning. A plain image folder names every image by definition.
    static func unusedImageGroups(in pack: EmoticonPack, sharing: [EmoticonPack] = []) -> (display: String, groups: [[String]]) {
        func key(_ url: URL) -> String { url.resolvingSymlinksInPath().standardizedFileURL.path }
        func stem(_ name: String) -> String {
            let base = FileNameParts.split(name).base
            return (base.hasSuffix("@2x") || base.hasSuffix("@3x") ? String(base.dropLast(3)) : base).lowercased()
        }
        // Most images are named by their own name in the pack folder: those are matched by name
        // and stem. Only the few files left are compared by resolved path (a link, or a name
        // with a folder, can name the same file), so a pack of thousands costs no path walks.
        let folder = pack.folder.standardizedFileURL
        func inPackFolder(_ variant: ImageFile.Variant) -> Bool {
            !variant.fileName.contains("/") && (variant.folder == pack.folder || variant.folder.standardizedFileURL == folder)
        }
        var namedHere: Set<String> = []
        var namedStems: Set<String> = ["delete", "icon"]
        let entries = sharing.isEmpty ? pack.entries : sharing.flatMap(\.entries)
        var files: [ImageFile] = entries.compactMap { if case .image(let file) = $0.content { file } else { nil } }
        files += entries.compactMap(\.animation)
        if let delete = pack.deleteIcon { files.append(delete) }
        // Tab icons are used too (a WhatsApp pack's tray image beside its stickers).
        files += (sharing.isEmpty ? [pack] : sharing).compactMap(\.tabIcon)
        // So are the images the app draws itself (NIM's pressed delete key, a Pidgin theme's Icon).
        for own in (sharing.isEmpty ? [pack] : sharing).flatMap(\.ownImages) { namedStems.insert(stem(own)) }
        for file in files {
            for variant in file.variants where inPackFolder(variant) {
                namedHere.insert(variant.fileName)
                namedStems.insert(stem(variant.fileName))
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pack.folder.path)) ?? []
        // The folder as messages name it (`Emoticons/小喵`, as its entries' files are named).
        let display = files.lazy.flatMap(\.variants).first(where: inPackFolder)?.folderDisplay ?? pack.folder.lastPathComponent
        let left = names.sorted().filter { name in
            FileNameParts.split(name).ext.lowercased() == "png" && !namedHere.contains(name) && !namedStems.contains(stem(name))
        }
        var namedPaths: Set<String> = []
        if !left.isEmpty {
            for file in files { for variant in file.variants { namedPaths.insert(key(variant.url)) } }
        }
        var groups: [[String]] = []
        var groupOf: [String: Int] = [:]
        for name in left where !namedPaths.contains(key(pack.folder.appendingPathComponent(name))) {
            if let index = groupOf[stem(name)] {
                groups[index].append(name)
            } else {
                groupOf[stem(name)] = groups.count
                groups.append([name])
            }
        }
        return (display, groups)
    }

    /// An entry's variants far from square, and `@2x`/`@3x` sizes that are not 2x/3x of the
    /// smallest-scale file. Unreadable headers were already refused by `plan()`.
    static func shapeFindings(_ file: ImageFile, entry: Entry, pack: EmoticonPack, decoder: PNGDecoder) -> [PackError] {
        let path = entry.sourcePath ?? pack.plistPath
        var findings: [PackError] = []
        var sizes: [(variant: ImageFile.Variant, width: Int, height: Int)] = []
        for variant in file.variants {
            guard let size = try? decoder.peekSize(contentsOf: variant.url, displayPath: variant.displayPath) else { continue }
            sizes.append((variant, size.width, size.height))
        }
        for (variant, width, height) in sizes {
            let aspect = Double(max(width, height)) / Double(max(1, min(width, height)))
            if aspect > PackLint.maximumAspect {
                let ratio = String(format: "%.1f", aspect)
                findings.append(
                    .entry(
                        path: path, index: entry.plistIndex, key: entry.imageKeyInMessages, text: entry.text,
                        reason: "\(path: variant.displayPath) is \(width)x\(height), far from square (\(ratio):1, more than 1.5:1); it is drawn shrunk to fit the square icon",
                        at: entry.locator))
            }
        }
        guard let base = sizes.first else { return findings }
        for (variant, width, height) in sizes.dropFirst() {
            let expectedWidth = base.width * variant.scale / base.variant.scale
            let expectedHeight = base.height * variant.scale / base.variant.scale
            let tolerance = PackLint.variantTolerance
            if abs(width - expectedWidth) > tolerance || abs(height - expectedHeight) > tolerance {
                findings.append(
                    .entry(
                        path: path, index: entry.plistIndex, key: entry.imageKeyInMessages, text: entry.text,
                        reason: "\(path: variant.displayPath) is \(width)x\(height), but \(path: base.variant.displayPath) is \(base.width)x\(base.height): "
                            + "an @\(variant.scale)x file should be \(expectedWidth)x\(expectedHeight)", at: entry.locator))
            }
        }
        return findings
    }
}

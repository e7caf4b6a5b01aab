import EmoticonPacks
import Foundation
import Imaging

extension Generator {
    /// The delete icon of each tab, fitted per scale: the pack's own `delete.png` when it has one,
    /// else `--delete-icon` (or the config's), else emokit's built-in icon (compiled into the
    /// binary). Each distinct file is decoded once.
    func loadDeleteIcons(for packs: [EmoticonPack], boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [[Int: RGBAImage]] {
        var fallback: ImageFile?
        if let url = options.deleteIcon {
            let folder = url.deletingLastPathComponent()
            switch FileNamePolicy.variants(of: url.lastPathComponent, in: folder, folderDisplay: folder.path) {
            case .success(let variants): fallback = ImageFile(name: url.lastPathComponent, variants: variants)
            case .failure(let problem): throw .deleteIcon(path: url.path, reason: problem.message.description)
            }
        }
        var builtIn: [Int: RGBAImage]?
        var loaded: [URL: [Int: RGBAImage]] = [:]
        var kernels = ResampleKernel.Cache()
        func icons(_ file: ImageFile, user: ImageUser) throws(GenerationError) -> [Int: RGBAImage] {
            if let known = loaded[file.variants[0].url] { return known }
            var icons: [Int: RGBAImage] = [:]
            for (scale, variant) in try SpritePlanner.chooseVariants(file, user: user, boxes: boxes, decoder: decoder) {
                do {
                    icons[scale] = try decoder.decodeScaled(contentsOf: variant.url, displayPath: variant.displayPath, kernels: &kernels) {
                        [Resampler.fittingSize(width: $0, height: $1, box: boxes[scale]!)]
                    }[0]
                } catch {
                    throw .image(user: user, error: error)
                }
            }
            loaded[file.variants[0].url] = icons
            return icons
        }
        var result: [[Int: RGBAImage]] = []
        for pack in packs {
            if let own = pack.deleteIcon {
                result.append(try icons(own, user: .deleteIcon(pack: pack.folderName)))
            } else if let fallback {
                result.append(try icons(fallback, user: .deleteIcon(pack: nil)))
            } else {
                if builtIn == nil { builtIn = try BuiltInDeleteIcon.fitted(boxes: boxes, decoder: decoder) }
                result.append(builtIn!)
            }
        }
        return result
    }
}

import Checksum
import EmoticonPacks
import FileAccess
import Foundation
import Imaging
import SiteOutputs

/// One GIF as the run uses it: what an app needs to know of the animation, and its first frame
/// already fitted to every box it is drawn in (page cells at each scale, the tab icon's square).
/// Kept fitted, not whole, so a run holds a few small images per GIF, never a full canvas.
final class GIFFrame: Sendable {
    let variant: ImageFile.Variant
    let info: GIFDecoder.Info
    /// The first frame fitted to a square box, by the box's side in pixels.
    let fitted: [Int: RGBAImage]
    /// The SHA-256 of the bytes decoded: the copy in the output must be these bytes.
    let sha256: String

    init(variant: ImageFile.Variant, info: GIFDecoder.Info, fitted: [Int: RGBAImage], sha256: String) {
        self.variant = variant
        self.info = info
        self.fitted = fitted
        self.sha256 = sha256
    }
}

/// Every GIF of a run, each decoded once however many entries name it: a 9.5 MB GIF within every
/// limit took 10 s to decode, and was decoded again for each further entry naming it (to check it,
/// for its first frame, for each page and the tab bar). The planning step asks here (one thread);
/// what it keeps (`GIFFrame`) is then only read.
final class GIFFrames {
    /// The square boxes (pixels a side) the first frames are drawn in.
    let boxes: [Int]
    private let decoder: GIFDecoder
    private var results: [URL: Result<GIFFrame, GIFError>] = [:]
    /// How many files were decoded (each at most once).
    private(set) var decodeCount = 0

    init(boxes: some Sequence<Int>, decoder: GIFDecoder = GIFDecoder()) {
        self.boxes = Set(boxes).sorted()
        self.decoder = decoder
    }

    /// The boxes a run draws a GIF's first frame in: each scale's page cell and tab icon square.
    convenience init(options: GeneratorOptions) {
        let tabIcon = TabIcons.size(tabBarHeight: options.metrics.tabBarHeight)
        // `--android`: each density's icon box too (`AndroidDensitySheets`).
        let android = options.outputs.android.map { Array(AndroidDensitySheets.boxes($0.densities, grid: options.grid).values) } ?? []
        self.init(boxes: Array(options.iconBoxes.values) + options.scales.map { TabIconCell.box(size: tabIcon, scale: $0) } + android)
    }

    /// `variant` decoded (the first time it is asked for) or as decoded before.
    func frame(of variant: ImageFile.Variant) -> Result<GIFFrame, GIFError> {
        let url = variant.url
        if let known = results[url] { return known }
        let result: Result<GIFFrame, GIFError>
        do throws(GIFError) {
            decodeCount += 1
            // Read a buffer at a time and hashed as read: a 60 MB GIF is never in memory whole.
            let hash = Hashing()
            let decoded = try decoder.decode(contentsOf: url, displayPath: variant.displayPath) { hash.update($0) }
            let sha256 = hash.hexDigest()
            let frame = decoded.firstFrame
            let sizes = boxes.map { Resampler.fittingSize(width: frame.width, height: frame.height, box: $0) }
            var kernels = ResampleKernel.Cache()
            let images = Resampler.scale(frame, to: sizes, kernels: &kernels)
            result = .success(GIFFrame(variant: variant, info: decoded.info, fitted: Dictionary(uniqueKeysWithValues: zip(boxes, images)), sha256: sha256))
        } catch {
            result = .failure(error)
        }
        results[url] = result
        return result
    }

    /// The SHA-256 of `data`, read in place (a copy of a 60 MB GIF as `[UInt8]` doubled the run's memory).
    static func digest(_ data: Data) -> String {
        var hash = SHA256()
        data.withUnsafeBytes { hash.update(buffer: $0) }
        return hash.finalize().hexString
    }

    /// A SHA-256 fed by a closure (the decoder shows it the file as it reads it).
    final class Hashing {
        private var hash = SHA256()
        func update(_ bytes: UnsafeRawBufferPointer) { hash.update(buffer: bytes) }
        func hexDigest() -> String { hash.finalize().hexString }
    }
}

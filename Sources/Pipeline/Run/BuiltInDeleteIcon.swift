import BundledAssets
import Foundation
import Imaging

/// emokit's own delete icon, from the bytes compiled into the binary: per scale, the smallest
/// variant at least as large as the icon box, else the largest (the rule pack images follow).
enum BuiltInDeleteIcon {
    static func fitted(boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [Int: RGBAImage] {
        var decoded: [(scale: Int, image: RGBAImage)] = []
        for (scale, bytes) in BundledAssets.deleteIcon.sorted(by: { $0.key < $1.key }) {
            do { decoded.append((scale, try decoder.decode(Data(bytes), path: "built-in delete@\(scale)x.png").image)) } catch {
                throw .deleteIcon(path: "built-in delete@\(scale)x.png", reason: error.description)
            }
        }
        decoded.sort { (max($0.image.width, $0.image.height), $0.scale) < (max($1.image.width, $1.image.height), $1.scale) }
        var icons: [Int: RGBAImage] = [:]
        for (scale, box) in boxes {
            let source = decoded.first { max($0.image.width, $0.image.height) >= box } ?? decoded.last!
            icons[scale] = Resampler.scaleToFit(source.image, box: box)
        }
        return icons
    }
}

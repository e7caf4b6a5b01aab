/// An image with at most 256 distinct RGBA colours as palette indices. Entries with alpha
/// below 255 come first so the tRNS chunk can stop at the last of them; within each group
/// colours keep the order they first appear in, which makes the palette deterministic.
struct IndexedImage {
    var indices: [UInt8]
    var paletteRGB: [UInt8]
    var alphas: [UInt8]
    var colorCount: Int
    var bitDepth: Int

    init?(_ image: RGBAImage) {
        var builder = Builder(pixelCount: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { builder.add($0) }
        guard let indexed = builder.finish() else { return nil }
        self = indexed
    }

    /// Counts colours as pixels arrive (a whole image, or rows a band at a time) and keeps each
    /// pixel's slot, one byte, only while there are at most 256: a sheet of photos or emoji
    /// gives up after its first few colourful rows, having kept little. Slots grow a chunk at
    /// a time, so a give-up never touches the memory a whole image's slots would need.
    struct Builder {
        private static let chunkPixels = 16384
        private var order: [UInt32: Int] = [:]
        private var colours: [UInt32] = []
        private var lastColour: UInt32 = 0
        private var lastSlot = -1
        private var slots: [UInt8] = []
        /// True once more than 256 colours were seen: the image cannot be indexed.
        private(set) var tooManyColours = false

        init(pixelCount: Int) { slots.reserveCapacity(pixelCount) }

        /// Adds RGBA8 pixels (4 bytes each) in image order.
        mutating func add(_ px: UnsafeBufferPointer<UInt8>) {
            guard !tooManyColours else { return }
            // Moved out so the loop works on unique locals (no copy, no exclusivity checks).
            var order = self.order, colours = self.colours, slots = self.slots
            var lastColour = self.lastColour, lastSlot = self.lastSlot
            self.order = [:]
            self.colours = []
            self.slots = []
            let count = px.count / 4
            var start = 0
            var ok = true
            while ok && start < count {
                let n = min(Self.chunkPixels, count - start)
                let base = slots.count
                slots.append(contentsOf: repeatElement(0, count: n))
                ok = slots.withUnsafeMutableBufferPointer { out -> Bool in
                    for i in 0..<n {
                        let p = start + i
                        let c = UInt32(px[4 * p]) << 24 | UInt32(px[4 * p + 1]) << 16 | UInt32(px[4 * p + 2]) << 8 | UInt32(px[4 * p + 3])
                        if c == lastColour && lastSlot >= 0 { out[base + i] = UInt8(lastSlot); continue }
                        let slot: Int
                        if let known = order[c] {
                            slot = known
                        } else {
                            if colours.count == 256 { return false }
                            slot = colours.count
                            order[c] = slot
                            colours.append(c)
                        }
                        lastColour = c; lastSlot = slot
                        out[base + i] = UInt8(slot)
                    }
                    return true
                }
                start += n
            }
            guard ok else {
                tooManyColours = true
                return
            }
            self.order = order
            self.colours = colours
            self.slots = slots
            self.lastColour = lastColour
            self.lastSlot = lastSlot
        }

        /// The indexed image, or nil when it has more than 256 colours.
        consuming func finish() -> IndexedImage? {
            guard !tooManyColours else { return nil }
            let translucentFirst = colours.indices.filter { colours[$0] & 0xFF != 0xFF } + colours.indices.filter { colours[$0] & 0xFF == 0xFF }
            var remap = [UInt8](repeating: 0, count: colours.count)
            var paletteRGB: [UInt8] = []
            var alphas: [UInt8] = []
            for (newIndex, oldIndex) in translucentFirst.enumerated() {
                remap[oldIndex] = UInt8(newIndex)
                let c = colours[oldIndex]
                paletteRGB += [UInt8(c >> 24), UInt8(truncatingIfNeeded: c >> 16), UInt8(truncatingIfNeeded: c >> 8)]
                if c & 0xFF != 0xFF { alphas.append(UInt8(truncatingIfNeeded: c)) }
            }
            var indices = slots
            slots = []
            indices.withUnsafeMutableBufferPointer { buffer in
                for i in buffer.indices { buffer[i] = remap[Int(buffer[i])] }
            }
            let bitDepth: Int
            switch colours.count {
            case ...2: bitDepth = 1
            case ...4: bitDepth = 2
            case ...16: bitDepth = 4
            default: bitDepth = 8
            }
            return IndexedImage(indices: indices, paletteRGB: paletteRGB, alphas: alphas, colorCount: colours.count, bitDepth: bitDepth)
        }
    }

    private init(indices: [UInt8], paletteRGB: [UInt8], alphas: [UInt8], colorCount: Int, bitDepth: Int) {
        self.indices = indices
        self.paletteRGB = paletteRGB
        self.alphas = alphas
        self.colorCount = colorCount
        self.bitDepth = bitDepth
    }
}

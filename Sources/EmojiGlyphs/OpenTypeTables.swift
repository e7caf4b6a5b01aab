/// The parts of an OpenType font an emoji lookup needs, parsed once from the raw bytes.
/// Specs: OpenType 1.9 `cmap` (formats 4, 12, 14), `CBLC`/`CBDT` (index formats 1-5, image
/// formats 17, 18, 19), `GSUB` (lookup type 4, and type 7 extensions wrapping it).

/// Character to glyph mapping.
struct CharacterMap {
    var glyphs: [UInt32: Int] = [:]
    /// (base, selector) to glyph for non-default variation sequences (format 14).
    var variations: [UInt64: Int] = [:]

    static func key(_ base: UInt32, _ selector: UInt32) -> UInt64 { UInt64(base) << 32 | UInt64(selector) }

    init(_ r: ByteReader, at table: Int) throws(ByteReader.OutOfBounds) {
        let count = try r.u16(table + 2)
        var format4: Int?, format12: Int?, format14: Int?
        for i in 0..<count {
            let record = table + 4 + i * 8
            let platform = try r.u16(record), encoding = try r.u16(record + 2)
            let offset = table + (try r.u32(record + 4))
            let format = try r.u16(offset)
            switch format {
            case 12 where platform == 3 || platform == 0: format12 = format12 ?? offset
            case 4 where (platform == 3 && (encoding == 1 || encoding == 10)) || platform == 0: format4 = format4 ?? offset
            case 14: format14 = format14 ?? offset
            default: break
            }
        }
        if let offset = format4 { try readFormat4(r, offset) }
        if let offset = format12 { try readFormat12(r, offset) }
        if let offset = format14 { try readFormat14(r, offset) }
    }

    private mutating func readFormat4(_ r: ByteReader, _ offset: Int) throws(ByteReader.OutOfBounds) {
        let segCount = try r.u16(offset + 6) / 2
        let ends = offset + 14, starts = ends + segCount * 2 + 2
        let deltas = starts + segCount * 2, rangeOffsets = deltas + segCount * 2
        for s in 0..<segCount {
            let end = try r.u16(ends + 2 * s), start = try r.u16(starts + 2 * s)
            let delta = try r.u16(deltas + 2 * s), rangeOffset = try r.u16(rangeOffsets + 2 * s)
            if start > end || start == 0xFFFF { continue }
            for c in start...end {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (c + delta) & 0xFFFF
                } else {
                    let address = rangeOffsets + 2 * s + rangeOffset + 2 * (c - start)
                    glyph = try r.u16(address)
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0 { glyphs[UInt32(c)] = glyph }
            }
        }
    }

    private mutating func readFormat12(_ r: ByteReader, _ offset: Int) throws(ByteReader.OutOfBounds) {
        let groups = try r.u32(offset + 12)
        try r.check(offset + 16, groups * 12)
        for g in 0..<groups {
            let group = offset + 16 + g * 12
            let start = try r.u32(group), end = try r.u32(group + 4), glyph = try r.u32(group + 8)
            guard start <= end, end <= 0x10FFFF, end - start < 0x110000 else { continue }
            for c in start...end { glyphs[UInt32(c)] = glyph + (c - start) }
        }
    }

    private mutating func readFormat14(_ r: ByteReader, _ offset: Int) throws(ByteReader.OutOfBounds) {
        let records = try r.u32(offset + 6)
        try r.check(offset + 10, records * 11)
        for i in 0..<records {
            let record = offset + 10 + i * 11
            let selector = UInt32(try r.u24(record))
            let nonDefault = try r.u32(record + 7)
            guard nonDefault != 0 else { continue }  // default UVS: the plain cmap glyph applies
            let mappings = try r.u32(offset + nonDefault)
            for m in 0..<mappings {
                let mapping = offset + nonDefault + 4 + m * 5
                variations[Self.key(UInt32(try r.u24(mapping)), selector)] = try r.u16(mapping + 3)
            }
        }
    }
}

/// Where each glyph's bitmap lives, for one strike (bitmap size) of CBLC.
struct BitmapStrike {
    var ppem: Int
    /// glyph id → (image format, offset of the glyph's record in CBDT, length, big metrics from
    /// the index for formats 2 and 5).
    var locations: [Int: (format: Int, offset: Int, length: Int)] = [:]

    /// The most strikes a CBLC table may list (Noto Color Emoji has one).
    static let mostStrikes = 999

    static func readAll(_ r: ByteReader, cblc: Int) throws(ByteReader.OutOfBounds) -> [BitmapStrike] {
        let sizes = try r.u32(cblc + 4)
        // Noto has one strike; a count this high is a broken header, not a font to loop over.
        guard sizes <= BitmapStrike.mostStrikes else {
            throw ByteReader.OutOfBounds(offset: cblc + 4, length: sizes, implausible: "\(sizes) bitmap sizes (at most \(BitmapStrike.mostStrikes))")
        }
        var strikes: [BitmapStrike] = []
        for s in 0..<sizes {
            let record = cblc + 8 + s * 48
            let arrayOffset = cblc + (try r.u32(record))
            let subtables = try r.u32(record + 8)
            var strike = BitmapStrike(ppem: try r.u8(record + 44))
            for t in 0..<subtables {
                let entry = arrayOffset + t * 8
                let first = try r.u16(entry), last = try r.u16(entry + 2)
                let sub = arrayOffset + (try r.u32(entry + 4))
                let indexFormat = try r.u16(sub), imageFormat = try r.u16(sub + 2)
                let dataOffset = try r.u32(sub + 4)
                guard first <= last else { continue }
                switch indexFormat {
                case 1, 3:
                    for g in first...last {
                        let a = indexFormat == 1 ? try r.u32(sub + 8 + (g - first) * 4) : try r.u16(sub + 8 + (g - first) * 2)
                        let b = indexFormat == 1 ? try r.u32(sub + 8 + (g - first + 1) * 4) : try r.u16(sub + 8 + (g - first + 1) * 2)
                        if b > a { strike.locations[g] = (imageFormat, dataOffset + a, b - a) }
                    }
                case 2:
                    let size = try r.u32(sub + 8)
                    for g in first...last { strike.locations[g] = (imageFormat, dataOffset + (g - first) * size, size) }
                case 4:
                    let count = try r.u32(sub + 8)
                    for i in 0..<count {
                        let glyph = try r.u16(sub + 12 + i * 4), a = try r.u16(sub + 14 + i * 4), b = try r.u16(sub + 14 + (i + 1) * 4)
                        if b > a { strike.locations[glyph] = (imageFormat, dataOffset + a, b - a) }
                    }
                case 5:
                    let size = try r.u32(sub + 8), count = try r.u32(sub + 20)
                    for i in 0..<count { strike.locations[try r.u16(sub + 24 + i * 2)] = (imageFormat, dataOffset + i * size, size) }
                default:
                    continue
                }
            }
            strikes.append(strike)
        }
        return strikes
    }
}

/// GSUB ligatures: first glyph → [(components after the first, ligature glyph)], per lookup,
/// in lookup order. Contextual lookups (fallbacks for lone regional indicators) are not applied:
/// a sequence the font cannot form into one glyph is reported as missing, not drawn in pieces.
struct LigatureLookups {
    var lookups: [[Int: [(rest: [Int], glyph: Int)]]] = []

    /// No ligatures (a font without GSUB).
    init() {}

    init(_ r: ByteReader, gsub: Int) throws(ByteReader.OutOfBounds) {
        let featureList = gsub + (try r.u16(gsub + 6))
        let lookupList = gsub + (try r.u16(gsub + 8))
        // Lookups referenced by any feature (Noto: ccmp), in lookup-list order.
        var used = Set<Int>()
        let featureCount = try r.u16(featureList)
        for f in 0..<featureCount {
            let feature = featureList + (try r.u16(featureList + 2 + f * 6 + 4))
            let count = try r.u16(feature + 2)
            for i in 0..<count { used.insert(try r.u16(feature + 4 + i * 2)) }
        }
        let lookupCount = try r.u16(lookupList)
        for l in 0..<lookupCount where used.contains(l) {
            let lookup = lookupList + (try r.u16(lookupList + 2 + l * 2))
            let type = try r.u16(lookup)
            let subCount = try r.u16(lookup + 4)
            var table: [Int: [(rest: [Int], glyph: Int)]] = [:]
            for s in 0..<subCount {
                var sub = lookup + (try r.u16(lookup + 6 + s * 2))
                var subType = type
                if type == 7 {
                    subType = try r.u16(sub + 2)
                    sub += try r.u32(sub + 4)
                }
                guard subType == 4, try r.u16(sub) == 1 else { continue }
                let coverage = try Self.coverage(r, sub + (try r.u16(sub + 2)))
                let setCount = try r.u16(sub + 4)
                for (i, firstGlyph) in coverage.enumerated() where i < setCount {
                    let set = sub + (try r.u16(sub + 6 + i * 2))
                    let ligatures = try r.u16(set)
                    for k in 0..<ligatures {
                        let ligature = set + (try r.u16(set + 2 + k * 2))
                        let glyph = try r.u16(ligature), components = try r.u16(ligature + 2)
                        guard components >= 1 else { continue }
                        var rest: [Int] = []
                        for c in 0..<(components - 1) { rest.append(try r.u16(ligature + 4 + c * 2)) }
                        table[firstGlyph, default: []].append((rest, glyph))
                    }
                }
            }
            if !table.isEmpty { lookups.append(table) }
        }
    }

    static func coverage(_ r: ByteReader, _ offset: Int) throws(ByteReader.OutOfBounds) -> [Int] {
        let format = try r.u16(offset)
        if format == 1 {
            let count = try r.u16(offset + 2)
            return try (0..<count).map { i throws(ByteReader.OutOfBounds) in try r.u16(offset + 4 + i * 2) }
        }
        guard format == 2 else { return [] }
        var glyphs: [Int] = []
        let ranges = try r.u16(offset + 2)
        for i in 0..<ranges {
            let start = try r.u16(offset + 4 + i * 6), end = try r.u16(offset + 6 + i * 6)
            if start <= end { glyphs += Array(start...end) }
        }
        return glyphs
    }

    /// Applies every lookup left to right, longest match as the font orders its ligatures.
    func apply(_ input: [Int]) -> [Int] {
        var glyphs = input
        for table in lookups {
            var out: [Int] = []
            var i = 0
            while i < glyphs.count {
                if let candidates = table[glyphs[i]],
                    // Compared in place: a base such as 👩 starts hundreds of ligatures, and
                    // copying the glyphs out for each was most of deciding what the font draws.
                    let match = candidates.first(where: { i + $0.rest.count < glyphs.count && glyphs[(i + 1)..<(i + 1 + $0.rest.count)].elementsEqual($0.rest) })
                {
                    out.append(match.glyph)
                    i += 1 + match.rest.count
                } else {
                    out.append(glyphs[i])
                    i += 1
                }
            }
            glyphs = out
        }
        return glyphs
    }

    /// Every ligature glyph the lookups can produce.
    var outputGlyphs: Set<Int> {
        var set = Set<Int>()
        for table in lookups { for list in table.values { for item in list { set.insert(item.glyph) } } }
        return set
    }
}

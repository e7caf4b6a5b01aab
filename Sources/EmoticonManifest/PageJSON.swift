/// A manifest page as `Manifest.encoder()` writes it (sorted keys, pretty-printed, slashes kept),
/// made without `JSONEncoder`: at nine widths the manifests are tens of MB of JSON, and
/// `Codable`'s containers made writing them most of a rebuild's time. It writes bytes straight
/// from the page's fields, with no tree of values in between (that tree's allocations were half
/// of the writer's time). It writes only values whose text it knows exactly (finite numbers,
/// strings without control characters) and returns nil for anything else, which
/// `PagedManifest.writeJSON` then leaves to `JSONEncoder`; tests compare both on random pages and
/// on every page emokit writes.
enum PageJSON {
    /// The page's text at `indent` spaces (its first line unindented, as inside a list, unless
    /// `indentFirstLine`).
    static func text(_ page: Manifest.Page, indent: Int, indentFirstLine: Bool = false) -> String? {
        var out = Output(capacity: page.buttons.count * 1_000 + 512)
        if indentFirstLine { out.spaces(indent) }
        out.page(page, indent: indent)
        guard !out.failed else { return nil }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The page's text cut where its buttons' frames stand, to be filled in with another width's
    /// frames (`SharedPageTexts`); nil when the page has no plain text.
    static func template(_ page: Manifest.Page, indent: Int) -> Template? {
        var out = Output(capacity: page.buttons.count * 1_000 + 512)
        out.holes = []
        out.spaces(indent)
        out.page(page, indent: indent)
        guard !out.failed, let holes = out.holes else { return nil }
        var pieces: [[UInt8]] = []
        var start = 0
        for hole in holes {
            pieces.append(Array(out.bytes[start..<hole.bytes.lowerBound]))
            start = hole.bytes.upperBound
        }
        pieces.append(Array(out.bytes[start...]))
        return Template(
            pieces: pieces, holes: holes.map { ($0.button, $0.isFrames, $0.indent) }, hasFrames: page.buttons.map { $0.frames != nil })
    }

    /// A page's text in pieces, with a hole after each piece but the last for one button's
    /// `frame` or `frames` value.
    struct Template {
        let pieces: [[UInt8]]
        /// Each hole's button, whether it holds `frames` (else `frame`), and its indent.
        let holes: [(button: Int, isFrames: Bool, indent: Int)]
        /// Which buttons have per-scale frames (a `frames` key), one per button.
        let hasFrames: [Bool]

        var byteCount: Int { pieces.reduce(0) { $0 + $1.count } }

        /// The text with `frames` in the holes, in button order: nil when they are not as many as
        /// the buttons, or a button has per-scale frames where the template's has none (or the
        /// reverse), or a value has no plain text.
        func text(frames: [SharedPageTexts.Frames]) -> String? {
            guard frames.count == hasFrames.count, zip(frames, hasFrames).allSatisfy({ ($0.frames != nil) == $1 }) else { return nil }
            var out = Output(capacity: byteCount + holes.count * 96)
            for (piece, hole) in zip(pieces, holes) {
                out.bytes.append(contentsOf: piece)
                if hole.isFrames {
                    out.framesByScale(frames[hole.button].frames ?? [:], indent: hole.indent)
                } else {
                    out.rect(frames[hole.button].frame, indent: hole.indent)
                }
            }
            out.bytes.append(contentsOf: pieces[pieces.count - 1])
            guard !out.failed else { return nil }
            return String(decoding: out.bytes, as: UTF8.self)
        }
    }

    /// The bytes being written, and whether a value had no known text (the rest is then moot).
    struct Output {
        var bytes: [UInt8] = []
        var failed = false
        /// Where each button's `frame` and `frames` values were written, when recorded (`template`).
        var holes: [(bytes: Range<Int>, button: Int, isFrames: Bool, indent: Int)]?
        /// The button being written, for `holes`.
        private var button = -1

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        // MARK: the manifest's types, keys in sorted order (absent optionals left out, as the
        // synthesized `Encodable` does)

        mutating func page(_ page: Manifest.Page, indent: Int) {
            var o = open(indent)
            key("buttons", &o)
            array(page.buttons, indent: indent + 2) { $0.button($1, indent: $2) }
            if let imageSet = page.imageSet { key("imageSet", &o); string(imageSet) }
            key("index", &o); int(page.index)
            key("sheetHashes", &o); strings(page.sheetHashes, indent: indent + 2)
            key("sheets", &o); strings(page.sheets, indent: indent + 2)
            close(o)
        }

        mutating func button(_ b: Manifest.Button, indent: Int) {
            let inner = indent + 2
            button += 1
            var o = open(indent)
            if let animation = b.animation { key("animation", &o); self.animation(animation, indent: inner) }
            if let codePoints = b.codePoints { key("codePoints", &o); strings(codePoints, indent: inner) }
            key("column", &o); int(b.column)
            if let emojiVersion = b.emojiVersion { key("emojiVersion", &o); string(emojiVersion) }
            if let entry = b.entry { key("entry", &o); int(entry) }
            key("frame", &o)
            var start = bytes.count
            rect(b.frame, indent: inner)
            holes?.append((start..<bytes.count, button, false, inner))
            if let frames = b.frames {
                key("frames", &o)
                start = bytes.count
                framesByScale(frames, indent: inner)
                holes?.append((start..<bytes.count, button, true, inner))
            }
            if let image = b.image { key("image", &o); string(image) }
            key("index", &o); int(b.index)
            if let keywords = b.keywords { key("keywords", &o); strings(keywords, indent: inner) }
            key("kind", &o); string(b.kind.rawValue)
            if let missingGlyph = b.missingGlyph { key("missingGlyph", &o); bool(missingGlyph) }
            key("name", &o); string(b.name)
            if let pinyin = b.pinyin { key("pinyin", &o); strings(pinyin, indent: inner) }
            key("row", &o); int(b.row)
            if let sends = b.sends { key("sends", &o); string(sends.rawValue) }
            key("sprite", &o); rects(b.sprite, indent: inner)
            if let systemGlyph = b.systemGlyph { key("systemGlyph", &o); bool(systemGlyph) }
            if let text = b.text { key("text", &o); string(text) }
            if let textTraditional = b.textTraditional { key("textTraditional", &o); string(textTraditional) }
            if let utf16Length = b.utf16Length { key("utf16Length", &o); int(utf16Length) }
            if let variants = b.variants {
                key("variants", &o)
                array(variants, indent: inner) { $0.variant($1, indent: $2) }
            }
            if let webClass = b.webClass { key("webClass", &o); string(webClass) }
            close(o)
        }

        mutating func variant(_ v: Manifest.Variant, indent: Int) {
            var o = open(indent)
            key("name", &o); string(v.name)
            key("sheet", &o); strings(v.sheet, indent: indent + 2)
            key("sprite", &o); rects(v.sprite, indent: indent + 2)
            if let systemGlyph = v.systemGlyph { key("systemGlyph", &o); bool(systemGlyph) }
            key("text", &o); string(v.text)
            close(o)
        }

        mutating func animation(_ a: Manifest.Animation, indent: Int) {
            var o = open(indent)
            key("durationMs", &o); int(a.durationMs)
            key("frames", &o); int(a.frames)
            key("height", &o); int(a.height)
            key("loopCount", &o); int(a.loopCount)
            key("path", &o); string(a.path)
            key("width", &o); int(a.width)
            close(o)
        }

        mutating func framesByScale(_ frames: [String: Manifest.Rect], indent: Int) {
            sortedMap(frames, indent: indent) { $0.rect($1, indent: $2) }
        }

        mutating func rect(_ r: Manifest.Rect, indent: Int) {
            var o = open(indent)
            key("height", &o); number(r.height)
            key("width", &o); number(r.width)
            key("x", &o); number(r.x)
            key("y", &o); number(r.y)
            close(o)
        }

        mutating func pixelRect(_ r: Manifest.PixelRect, indent: Int) {
            var o = open(indent)
            key("height", &o); int(r.height)
            key("width", &o); int(r.width)
            key("x", &o); int(r.x)
            key("y", &o); int(r.y)
            close(o)
        }

        mutating func rects(_ rects: [String: Manifest.PixelRect], indent: Int) {
            sortedMap(rects, indent: indent) { $0.pixelRect($1, indent: $2) }
        }

        mutating func strings(_ map: [String: String], indent: Int) {
            sortedMap(map, indent: indent) { out, value, _ in out.string(value) }
        }

        /// An object of `map`'s entries, keys sorted as the encoder sorts them, each value written
        /// by `write` at the values' indent.
        mutating func sortedMap<Value>(_ map: [String: Value], indent: Int, _ write: (inout Output, Value, Int) -> Void) {
            var o = open(indent)
            for (name, value) in map.sorted(by: { $0.key < $1.key }) {
                key(name, &o)
                write(&self, value, indent + 2)
            }
            close(o)
        }

        mutating func strings(_ list: [String], indent: Int) {
            array(list, indent: indent) { out, text, _ in out.string(text) }
        }

        // MARK: JSON's shapes, as the encoder pretty-prints them

        /// An object being written: its indent and how many fields it has so far.
        struct Object {
            let indent: Int
            var fields = 0
        }

        mutating func open(_ indent: Int) -> Object {
            bytes.append(UInt8(ascii: "{"))
            return Object(indent: indent)
        }

        /// The separator, the indent and `"name" : `; the value follows.
        mutating func key(_ name: StaticString, _ object: inout Object) {
            separate(&object)
            bytes.append(UInt8(ascii: "\""))
            raw(name)
            raw("\" : ")
        }

        mutating func key(_ name: String, _ object: inout Object) {
            separate(&object)
            string(name)
            raw(" : ")
        }

        private mutating func separate(_ object: inout Object) {
            if object.fields > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\n"))
            spaces(object.indent + 2)
            object.fields += 1
        }

        /// `}` on its own line; an empty object is `{`, a blank line, `}`.
        mutating func close(_ object: Object) {
            bytes.append(UInt8(ascii: "\n"))
            if object.fields == 0 { bytes.append(UInt8(ascii: "\n")) }
            spaces(object.indent)
            bytes.append(UInt8(ascii: "}"))
        }

        /// `[`, each item on its own line at `indent + 2`, `]`; an empty list is `[`, a blank line, `]`.
        mutating func array<Item>(_ items: [Item], indent: Int, _ write: (inout Output, Item, Int) -> Void) {
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\n"))
                spaces(indent + 2)
                write(&self, item, indent + 2)
            }
            bytes.append(UInt8(ascii: "\n"))
            if items.isEmpty { bytes.append(UInt8(ascii: "\n")) }
            spaces(indent)
            bytes.append(UInt8(ascii: "]"))
        }

        mutating func raw(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func spaces(_ count: Int) {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }

        mutating func bool(_ flag: Bool) {
            if flag { raw("true") } else { raw("false") }
        }

        mutating func int(_ number: Int) {
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = number.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, written backwards
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                } while magnitude > 0
                bytes.append(contentsOf: buffer[(24 - count)...])
            }
        }

        /// A finite number as the encoder writes it: whole numbers without `.0`, others as
        /// Swift's shortest round-trip text; false (and the page declined) for NaN and infinity.
        mutating func number(_ number: Double) {
            guard number.isFinite else {
                failed = true
                return
            }
            // Whole numbers well inside Int's range print as the integer (the encoder drops
            // `.0`); -0 keeps its sign, as `description` does.
            if number.rounded(.towardZero) == number, abs(number) < 1e15, !(number == 0 && number.sign == .minus) {
                int(Int(number))
                return
            }
            let text = number.description
            bytes.append(contentsOf: (text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)).utf8)
        }

        /// A JSON string as the encoder writes it: `"` and `\` escaped, everything else as it is;
        /// control characters (their escapes are left to the encoder) decline the page.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                var plain = 0  // start of the bytes not yet copied
                for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    if byte < 0x20 {
                        failed = true
                        return
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<i]))
                    bytes.append(UInt8(ascii: "\\"))
                    plain = i
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

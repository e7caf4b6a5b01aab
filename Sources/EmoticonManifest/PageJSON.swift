/// A manifest page as `Manifest.encoder()` writes it (sorted keys, pretty-printed, slashes kept),
/// made without `JSONEncoder`: at nine widths the manifests are tens of MB of JSON, and
/// `Codable`'s containers made writing them most of a rebuild's time. It writes only values whose
/// text it knows exactly (finite numbers, strings without control characters) and returns nil
/// for anything else, which `PagedManifest.writeJSON` then leaves to `JSONEncoder`; tests compare
/// both on every page emokit writes.
enum PageJSON {
    indirect enum Value {
        case string(String)
        case number(Double)
        case int(Int)
        case bool(Bool)
        case array([Value])
        case object([(key: String, value: Value)])
    }

    /// The page's text at `indent` spaces (its first line unindented, as inside a list).
    static func text(_ page: Manifest.Page, indent: Int) -> String? {
        var out = ""
        out.reserveCapacity(page.buttons.count * 900)
        guard write(value(page), indent: indent, into: &out) else { return nil }
        return out
    }

    static func value(_ page: Manifest.Page) -> Value {
        object([
            ("buttons", .array(page.buttons.map(value))), ("imageSet", page.imageSet.map(Value.string)), ("index", .int(page.index)),
            ("sheetHashes", strings(page.sheetHashes)), ("sheets", strings(page.sheets)),
        ])
    }

    static func value(_ b: Manifest.Button) -> Value {
        object([
            ("animation", b.animation.map(value)), ("codePoints", b.codePoints.map(strings)), ("column", .int(b.column)),
            ("emojiVersion", b.emojiVersion.map(Value.string)), ("entry", b.entry.map(Value.int)), ("frame", value(b.frame)),
            ("frames", b.frames.map { .object($0.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) }) }), ("index", .int(b.index)),
            ("keywords", b.keywords.map(strings)), ("kind", .string(b.kind.rawValue)), ("missingGlyph", b.missingGlyph.map(Value.bool)),
            ("name", .string(b.name)), ("pinyin", b.pinyin.map(strings)), ("row", .int(b.row)), ("sprite", rects(b.sprite)),
            ("systemGlyph", b.systemGlyph.map(Value.bool)), ("text", b.text.map(Value.string)),
            ("textTraditional", b.textTraditional.map(Value.string)), ("utf16Length", b.utf16Length.map(Value.int)),
            ("variants", b.variants.map { .array($0.map(value)) }), ("webClass", b.webClass.map(Value.string)),
        ])
    }

    static func value(_ v: Manifest.Variant) -> Value {
        object([
            ("name", .string(v.name)), ("sheet", strings(v.sheet)), ("sprite", rects(v.sprite)), ("systemGlyph", v.systemGlyph.map(Value.bool)),
            ("text", .string(v.text)),
        ])
    }

    static func value(_ a: Manifest.Animation) -> Value {
        .object([
            ("durationMs", .int(a.durationMs)), ("frames", .int(a.frames)), ("height", .int(a.height)), ("loopCount", .int(a.loopCount)),
            ("path", .string(a.path)), ("width", .int(a.width)),
        ])
    }

    static func value(_ r: Manifest.Rect) -> Value {
        .object([("height", .number(r.height)), ("width", .number(r.width)), ("x", .number(r.x)), ("y", .number(r.y))])
    }

    static func value(_ r: Manifest.PixelRect) -> Value {
        .object([("height", .int(r.height)), ("width", .int(r.width)), ("x", .int(r.x)), ("y", .int(r.y))])
    }

    static func rects(_ rects: [String: Manifest.PixelRect]) -> Value {
        .object(rects.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) })
    }

    static func strings(_ map: [String: String]) -> Value { .object(map.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) }
    static func strings(_ list: [String]) -> Value { .array(list.map(Value.string)) }

    /// An object of the present fields, keys already in sorted order (absent optionals left out,
    /// as the synthesized `Encodable` does).
    static func object(_ fields: [(String, Value?)]) -> Value {
        .object(fields.compactMap { key, value in value.map { (key, $0) } })
    }

    /// Appends `value` at `indent`; false for a value whose text this writer does not know.
    static func write(_ value: Value, indent: Int, into out: inout String) -> Bool {
        switch value {
        case .string(let text): return string(text, into: &out)
        case .int(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number):
            guard number.isFinite else { return false }
            let text = number.description
            out += text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        case .array(let items):
            let inner = String(repeating: " ", count: indent + 2)
            if items.isEmpty {
                out += "[\n\n" + String(repeating: " ", count: indent) + "]"
                return true
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                guard write(item, indent: indent + 2, into: &out) else { return false }
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let fields):
            let inner = String(repeating: " ", count: indent + 2)
            if fields.isEmpty {
                out += "{\n\n" + String(repeating: " ", count: indent) + "}"
                return true
            }
            out += "{\n"
            for (i, field) in fields.enumerated() {
                out += inner
                guard string(field.key, into: &out) else { return false }
                out += " : "
                guard write(field.value, indent: indent + 2, into: &out) else { return false }
                out += i + 1 < fields.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
        return true
    }

    /// A JSON string as the encoder writes it: `"` and `\` escaped, everything else as it is;
    /// false for control characters (their escapes are left to the encoder).
    static func string(_ text: String, into out: inout String) -> Bool {
        var needsEscape = false
        for byte in text.utf8 {
            if byte < 0x20 { return false }
            if byte == 0x22 || byte == 0x5C { needsEscape = true }
        }
        out += "\""
        if needsEscape {
            for scalar in text.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        } else {
            out += text
        }
        out += "\""
        return true
    }
}

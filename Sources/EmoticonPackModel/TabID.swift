/// Tab ids: the sheet folder (`sheets/<id>/`), the manifest's `tabs[].id` and the preview's
/// `data-tab`, which apps key their state by. An id depends only on its own pack, so adding or
/// removing another pack never renames it:
///
/// 1. an id set in the config file (`tabIds`, by folder name or plist id), else
/// 2. the plist's own `id` (YYKit layout), else
/// 3. the folder name: ASCII letters, digits, `.`, `-` and `_` are kept, other ASCII characters
///    become `-`, and a name with any other character is written in Punycode (RFC 3492, as
///    internet domain names are) behind `xn--`, e.g. `猫 咪` → `xn----ig9az05g`.
///
/// Ids are unique ignoring case (a case-insensitive disk would merge `Faces` and `faces`) and never
/// `recent` (the preview's Recent tab). When two packs want the same id, the first in tab order
/// keeps it and the next gets the lowest free `-2`, `-3`, ... suffix, with a warning that names
/// both, so the user can pin ids in the config.
public enum TabID {
    /// Ids the preview uses for its own tabs.
    public static let reserved: Set<String> = ["recent"]
    /// Longer names are shortened and given a hash of the full name, so a path stays short.
    package static let maxLength = 64

    /// The id a pack asks for on its own: the plist's `id` when present, else its folder name,
    /// made safe.
    public static func base(plistID: String?, folderName: String) -> String {
        if let plistID, !plistID.isEmpty { return safe(plistID) }
        return safe(folderName)
    }

    /// Whether `id` may be used as is (what the config's `tabIds` values must satisfy).
    public static func isValid(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= maxLength else { return false }
        return id.unicodeScalars.allSatisfy(isSafe) && first != "." && first != "-" && !reserved.contains(id.lowercased())
    }

    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "_" || scalar == "."
    }

    /// A name made into a safe, stable ASCII id.
    public static func safe(_ name: String) -> String {
        var ascii = ""
        var hasOther = false
        // Only the start is spelled out (a longer name is cut and hashed below anyway).
        for scalar in name.unicodeScalars.prefix(4 * maxLength) {
            if isSafe(scalar) {
                ascii.unicodeScalars.append(scalar)
            } else if scalar.isASCII {
                ascii += "-"
            } else {
                hasOther = true
                ascii.unicodeScalars.append(scalar)
            }
        }
        var id = hasOther ? "xn--" + Punycode.encode(ascii) : ascii
        while id.hasPrefix(".") || (id.hasPrefix("-") && !id.hasPrefix("xn--")) { id.removeFirst() }
        if id.isEmpty { id = "pack" }
        if id.unicodeScalars.count > maxLength {
            let hash = String(fnv1a(Array(name.utf8)), radix: 16)
            id = String(id.prefix(maxLength - 9)) + "-" + String(repeating: "0", count: 8 - hash.count) + hash
        }
        return id
    }

    /// Makes `wanted` unique ignoring case, in order. Returns the final ids and, for each id that
    /// had to change, (index, wanted, given, index of the pack that holds `wanted`).
    public static func resolve(_ wanted: [String]) -> (ids: [String], changes: [(index: Int, wanted: String, given: String, holder: Int?)]) {
        var probes = 0
        return resolve(wanted, probes: &probes)
    }

    /// `resolve`, counting in `probes` the suffixed ids it tried. Each id's search resumes where
    /// the last search for the same id stopped (every suffix below it is still taken, since taken
    /// ids are never freed), so one pack listed 40,000 times costs 40,000 probes, not 800 million:
    /// the work grows with the number of packs, never with its square.
    static func resolve(
        _ wanted: [String], probes: inout Int
    ) -> (ids: [String], changes: [(index: Int, wanted: String, given: String, holder: Int?)]) {
        var taken: [String: Int] = [:]  // lowercased id → pack index
        var everyWanted = Set(wanted.map { $0.lowercased() })
        everyWanted.formUnion(reserved)
        // lowercased id → the lowest suffix not yet known to be taken.
        var nextSuffix: [String: Int] = [:]
        var ids: [String] = []
        var changes: [(Int, String, String, Int?)] = []
        for (index, id) in wanted.enumerated() {
            let key = id.lowercased()
            if taken[key] == nil && !reserved.contains(key) {
                taken[key] = index
                ids.append(id)
                continue
            }
            var n = nextSuffix[key] ?? 2
            // Skip every id another pack asks for, so a later `foo-2` keeps its own id.
            while taken["\(key)-\(n)"] != nil || everyWanted.contains("\(key)-\(n)") {
                n += 1
                probes += 1
            }
            probes += 1
            nextSuffix[key] = n + 1
            let given = "\(id)-\(n)"
            taken[given.lowercased()] = index
            ids.append(given)
            changes.append((index, id, given, taken[key]))
        }
        return (ids, changes)
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}

/// RFC 3492 Punycode (the encoding of internationalised domain names): a stable, reversible
/// spelling of any Unicode text in `a-z`, `0-9` and `-`, with the ASCII characters kept in order.
enum Punycode {
    static func encode(_ input: String) -> String {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init)).lowercased()
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        func digit(_ d: Int) -> Character { Character(Unicode.Scalar(UInt8(d < 26 ? 97 + d : 22 + d))) }
        func adapt(_ delta: Int, _ points: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / points
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 { delta /= base - tMin; k += base }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        var n = 128, delta = 0, bias = 72
        while handled < scalars.count {
            let m = scalars.filter { $0 >= n }.min()!
            delta += (m - n) * (handled + 1)
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}

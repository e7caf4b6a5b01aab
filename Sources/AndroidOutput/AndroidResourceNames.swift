/// The Android resource names of a run's page sheets. `aapt` refuses a file name outside
/// `[a-z0-9_.]` and `aapt2` one that is not a Java identifier, so emokit's own names
/// (`faces/page-000@3x.png`, a tab id `com.emokit.animals` or `小喵`) cannot go into `res/`
/// as they are. Each tab gets a prefix `emk_<tab>` made of its id's ASCII letters and digits
/// (lower-cased; any other run of characters one `_`; `tab` when none is left), made unique in
/// tab order with `_2`, `_3`...; each page is `<prefix>_p000`. The names depend only on the tab
/// ids and their order, so they are the same in every run, and the Android manifest records the
/// mapping (each tab's `id` beside its `resourcePrefix`, each page's `drawable`).
public struct AndroidResourceNames: Sendable, Equatable {
    /// Each tab's prefix, in tab order (`emk_faces`).
    public let tabPrefixes: [String]

    public init(tabIDs: [String]) {
        var taken = Set<String>()
        tabPrefixes = tabIDs.map { id in
            let base = "emk_" + Self.slug(id)
            var name = base, suffix = 2
            // Unique prefixes give unique page names: a page name is its prefix, `_p` and digits
            // only, so two names can only be equal if their prefixes are.
            while !taken.insert(name).inserted {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            return name
        }
    }

    /// Page `page` of tab `tab`: `emk_faces_p000` (`res/drawable-<density>/emk_faces_p000.png`).
    public func page(tab: Int, page: Int) -> String {
        tabPrefixes[tab] + "_p" + String(repeating: "0", count: max(0, 3 - String(page).count)) + String(page)
    }

    /// An id's ASCII letters and digits, lower-cased, every other run of characters one `_`, no
    /// `_` at either end; `tab` when nothing is left.
    static func slug(_ id: String) -> String {
        var result = ""
        var pendingSeparator = false
        for scalar in id.unicodeScalars {
            let isLetterOrDigit = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            if isLetterOrDigit {
                if pendingSeparator && !result.isEmpty { result += "_" }
                pendingSeparator = false
                result += String(scalar).lowercased()
            } else {
                pendingSeparator = true
            }
        }
        return result.isEmpty ? "tab" : result
    }
}

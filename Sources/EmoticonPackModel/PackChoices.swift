/// Which files a pack is read from, when its folder alone does not say (config `packFiles`, by
/// pack folder name): a text-to-image map among several, the plist giving its display order, the
/// folder holding its images, and which side of the map is the text. Detection decides whatever
/// is left out; what is given must exist, or the pack is refused naming it.
///
/// Names stay inside the pack's folder: `map` and `order` are file names in it, `images` a folder
/// below it (`.` for the pack's own), never absolute and never through `..`.
public struct PackFileChoice: Sendable, Equatable {
    /// The text map plist (`LiuqsEmotions.plist`).
    public var map: String?
    /// A plist listing the map's texts (or image names) in the order the app shows them.
    public var order: String?
    /// The folder holding the images, relative to the pack's (`经典表情`, `MLEmoji.bundle`, `.`).
    public var images: String?
    /// Which side of the map the texts are on.
    public var texts: TextSide?

    public enum TextSide: String, Sendable, CaseIterable {
        /// `{"[呲牙]": "1"}`: keys are texts, values images.
        case keys
        /// `{"ee_001": "[):]"}`: values are texts, keys images.
        case values
    }

    /// The longest name a choice may give (a file system's path limit).
    public static let maxNameBytes = 4096

    /// The keys one pack's object may hold.
    public static let keys = ["map", "order", "images", "texts"]

    public init(map: String? = nil, order: String? = nil, images: String? = nil, texts: TextSide? = nil) {
        self.map = map
        self.order = order
        self.images = images
        self.texts = texts
    }

    /// The choice one pack's config object makes, or what is wrong with it (fits after
    /// "expected"), naming the key.
    public static func parse(_ object: [String: String]) -> Result<PackFileChoice, ChoiceProblem> {
        var choice = PackFileChoice()
        for (key, given) in object.sorted(by: { $0.key < $1.key }) {
            // `经典表情/` names the folder as `经典表情` does.
            let value = key == "images" && given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
            guard value.utf8.count <= maxNameBytes else { return .failure(ChoiceProblem(key: key, expected: "at most \(maxNameBytes) bytes")) }
            switch key {
            case "map", "order":
                guard isFileName(value) else { return .failure(ChoiceProblem(key: key, expected: "a file name in the pack's folder (no / or ..)")) }
                if key == "map" { choice.map = value } else { choice.order = value }
            case "images":
                // `..`, `../..`: the `.bundle` above a map in its subfolder (checked when read).
                guard isFolderBelow(value) || (1...2).contains(value.split(separator: "/").count) && value.split(separator: "/").allSatisfy({ $0 == ".." }) else {
                    return .failure(ChoiceProblem(key: key, expected: "a folder inside the pack's folder (\".\" for the pack's own, no .. or leading /)"))
                }
                choice.images = value
            case "texts":
                guard let side = TextSide(rawValue: value) else { return .failure(ChoiceProblem(key: key, expected: "\"keys\" or \"values\"")) }
                choice.texts = side
            default:
                return .failure(ChoiceProblem(key: key, expected: "only \(keys.map { "\"\($0)\"" }.joined(separator: ", "))"))
            }
        }
        return .success(choice)
    }

    /// A key of one pack's object and what its value should have been.
    public struct ChoiceProblem: Error, Sendable, Equatable {
        public var key: String
        public var expected: String

        public init(key: String, expected: String) {
            self.key = key
            self.expected = expected
        }
    }

    static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    static func isFolderBelow(_ path: String) -> Bool {
        if path == "." { return true }
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

/// What the config file says about particular packs, by pack folder name (ids and titles also by
/// plist `id`): a key that names no pack is an error, as a typo must not be ignored.
public struct PackChoices: Sendable, Equatable {
    /// `tabIds`: the tab id a pack gets.
    public var tabIDs: [String: String]
    /// `tabTitles`: a pack's titles by locale, over those its file gives.
    public var tabTitles: [String: [TitleLocale: String]]
    /// `packFiles`: which files a pack is read from.
    public var files: [String: PackFileChoice]

    public init(tabIDs: [String: String] = [:], tabTitles: [String: [TitleLocale: String]] = [:], files: [String: PackFileChoice] = [:]) {
        self.tabIDs = tabIDs
        self.tabTitles = tabTitles
        self.files = files
    }
}

import Diagnostics

/// What an app ships of a run's sheets, per platform and scale: the summary's size report and
/// what `--size-budget` is checked against. Every figure is the sum of written files' byte counts
/// (the sizes the run recorded as it wrote each sheet), never an estimate.
///
/// What each platform takes, at scale `S`:
/// - **iOS** (an iPhone or iPad app after app thinning: the App Store delivers one scale's images
///   of an asset catalog to a device): the page sheets at `S` (with any-width sheets each page's
///   one sheet; with per-width sheets every width's, or only `--xcassets-widths`' when the catalog
///   holds fewer) and the tab icon strips at `S` (the catalog's tab icons are cut from them),
///   which the catalog holds and thinning cuts to one scale; and the skin-tone variant sheets at
///   EVERY scale: the catalog does not hold them, and files bundled beside it are not thinned.
///   The same whether or not `--xcassets` is on (an app without the catalog ships more).
/// - **web** (a page at device pixel ratio `S`: `image-set()` and the runtime load the sheets of
///   that scale): the page sheets at `S` the web data names (with any-width sheets each page's
///   one sheet; with per-width sheets the smallest width's, which the stylesheet and the runtime
///   are made from), the tab icon strips and the skin-tone variant sheets at `S`.
/// - **Android** (`--android`; an app from an App Bundle: Play delivers one density's drawables
///   to a device), per density rather than scale: the page sheets of `android/res/drawable-<density>/`.
///   A plain APK ships every density: their sum.
///
/// Animations (GIFs, one per animated entry at every scale) are not sheets and are not counted;
/// `allSheets` is every sheet the run wrote, at every width and scale (what copying the whole
/// `sheets/` folder ships). A `--shard` run counts its own tabs' pages only; `merge` counts the
/// whole keyboard (`MergeRun.checkSizes`).
public struct ShippedSizes: Sendable, Equatable {
    public enum Platform: String, Sendable, Equatable, CaseIterable {
        case iOS = "ios"
        case web
        case android

        /// The platform in a sentence: "an iOS app", "a web page".
        public var inSentence: String {
            switch self {
            case .iOS: return "an iOS app"
            case .web: return "a web page"
            case .android: return "an Android app"
            }
        }

        /// The platform in a list: "iOS", "web".
        public var name: String {
            switch self {
            case .iOS: return "iOS"
            case .web: return "web"
            case .android: return "Android"
            }
        }
    }

    /// One written sheet: its path in the output and its size in bytes.
    public struct Sheet: Sendable, Equatable {
        public let path: String
        public let bytes: Int
    }

    /// What one platform ships at one scale.
    public struct Shipment: Sendable, Equatable {
        public let platform: Platform
        /// The scale; for Android, the density's scale rounded up (hdpi, 1.5x: 2), `density` names it.
        public let scale: Int
        public let sheets: Int
        public let bytes: Int
        /// The largest of those sheets, largest first (at most `biggestCount`): what to look at
        /// first when the shipment is too big.
        public let biggest: [Sheet]
        /// Android only: the density (`hdpi`).
        public var density: String? = nil

        /// How the shipment is named in a sentence: `@2x`, or Android's density (`hdpi`).
        public var scaleText: String { density ?? "@\(scale)x" }
    }

    /// How many of the largest sheets a shipment names.
    public static let biggestCount = 3

    /// Each platform's shipments, iOS then web, each by scale, smallest first.
    public var shipments: [Shipment] = []
    /// Every sheet the run wrote (pages at every width and scale, tab icon strips, variants).
    public var allSheets = 0
    public var allBytes = 0

    public init() {}

    /// A written sheet as the report sorts it: its scale and, for a page sheet drawn for one
    /// screen width (`--sheets per-width`), that width; nil for sheets every width shares
    /// (any-width page sheets, tab icon strips, variant sheets). `thinned`: in the asset
    /// catalog, so an iOS app gets it at its own scale only (false: at every scale).
    struct Written {
        let sheet: Sheet
        let scale: Int
        let width: Int?
        var thinned = true
    }

    /// Which page widths each platform takes (nil: none are per-width).
    struct Choice {
        let iOSWidths: Set<Int>
        let webWidths: Set<Int>

        func widths(_ platform: Platform) -> Set<Int> { platform == .iOS ? iOSWidths : webWidths }
    }

    /// An Android density sheet (`--android`): its density's name, that density's scale rounded
    /// up, and the file.
    struct AndroidWritten {
        let density: String
        let scale: Int
        let sheet: Sheet
    }

    init(written: [Written], scales: [Int], choice: Choice, android: [AndroidWritten] = []) {
        allSheets = written.count + android.count
        allBytes = (written.map(\.sheet) + android.map(\.sheet)).reduce(0) { $0 + $1.bytes }
        for platform in Platform.allCases where platform != .android {
            let widths = choice.widths(platform)
            for scale in scales.sorted() {
                let taken = written.filter {
                    ($0.scale == scale || (platform == .iOS && !$0.thinned)) && ($0.width.map(widths.contains) ?? true)
                }.map(\.sheet)
                let biggest = taken.sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }.prefix(Self.biggestCount)
                shipments.append(
                    Shipment(platform: platform, scale: scale, sheets: taken.count, bytes: taken.reduce(0) { $0 + $1.bytes }, biggest: Array(biggest)))
            }
        }
        // Densities in the order written (smallest first).
        var densities: [String] = []
        for sheet in android where !densities.contains(sheet.density) { densities.append(sheet.density) }
        for density in densities {
            let taken = android.filter { $0.density == density }
            let biggest = taken.map(\.sheet).sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }.prefix(Self.biggestCount)
            shipments.append(
                Shipment(
                    platform: .android, scale: taken[0].scale, sheets: taken.count, bytes: taken.reduce(0) { $0 + $1.sheet.bytes }, biggest: Array(biggest),
                    density: density))
        }
    }

    /// The shipments over `budget` bytes, largest first (equal ones in `shipments`' order); none
    /// without a budget.
    public func over(budget: Int?) -> [Shipment] {
        guard let budget else { return [] }
        return shipments.enumerated().filter { $0.element.bytes > budget }.sorted { ($0.element.bytes, $1.offset) > ($1.element.bytes, $0.offset) }.map(\.element)
    }
}

/// A run over `--size-budget`: the largest shipment over it, and the others that are over too.
public struct SizeOverrun: Sendable, Equatable {
    public let budget: Int
    public let worst: ShippedSizes.Shipment
    public let others: [ShippedSizes.Shipment]

    /// One line: the platform and scale, its bytes, the budget, the biggest sheets, and which
    /// others are over too. "an iOS app @3x ships 1234567 bytes of sheets, over size-budget
    /// 1000000 bytes; the biggest: sheets/faces/page-000@3x.png (456789 bytes), ...; also over: web @3x"
    var message: Diagnostic.Message {
        let biggest = worst.biggest.map { "\($0.path) (\($0.bytes) bytes)" }.joined(separator: ", ")
        let also = others.map { "\($0.platform.name) \($0.scaleText)" }.joined(separator: ", ")
        return "\(worst.platform.inSentence) \(worst.scaleText) ships \(worst.bytes) bytes of sheets (\(worst.sheets) sheets), over \(setting: "size-budget") "
            + "\(budget) bytes; the biggest: \(biggest)\(also.isEmpty ? "" : "; also over: \(also)")"
    }
}

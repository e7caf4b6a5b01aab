import Pipeline

/// The summary's size report (`ShippedSizes`): what an app ships per platform and scale, and
/// every sheet written; in `--json` under `sizes`, and as lines in the text summary.
struct ShippedSizesSummary: Encodable, Equatable {
    struct Sheet: Encodable, Equatable { var path: String; var bytes: Int }
    struct Shipment: Encodable, Equatable {
        /// `ios` (an iPhone or iPad app after app thinning) or `web` (a page at this device pixel ratio).
        var platform: String
        var scale: Int
        /// Android only: the density (`hdpi`; `scale` is then its scale rounded up).
        var density: String?
        var sheets: Int
        var bytes: Int
        /// The largest sheets of the shipment, largest first.
        var biggest: [Sheet]
        /// Only with `--size-budget`: whether `bytes` is within it.
        var withinBudget: Bool?
    }
    struct Total: Encodable, Equatable { var sheets: Int; var bytes: Int }

    /// `--size-budget`, when given.
    var budget: Int?
    var shipped: [Shipment]
    /// Every sheet the run wrote, at every width and scale.
    var all: Total

    init(_ sizes: ShippedSizes, budget: Int?) {
        self.budget = budget
        shipped = sizes.shipments.map { shipment in
            Shipment(
                platform: shipment.platform.rawValue, scale: shipment.scale, density: shipment.density, sheets: shipment.sheets, bytes: shipment.bytes,
                biggest: shipment.biggest.map { Sheet(path: $0.path, bytes: $0.bytes) }, withinBudget: budget.map { shipment.bytes <= $0 })
        }
        all = Total(sheets: sizes.allSheets, bytes: sizes.allBytes)
    }

    /// The text summary's lines: a heading (with the budget when there is one; every sheet's
    /// bytes are the summary's first line), then a line per platform with its bytes per scale:
    /// "  iOS app, after app thinning: @2x 871 KB, @3x 1.5 MB".
    static func lines(_ sizes: ShippedSizes, budget: Int?) -> [String] {
        var lines: [String] = []
        for platform in ShippedSizes.Platform.allCases {
            let shipments = sizes.shipments.filter { $0.platform == platform }
            guard !shipments.isEmpty else { continue }
            let figures = shipments.map { "\($0.scaleText) \(GenerateCommand.formatBytes($0.bytes))" }.joined(separator: ", ")
            lines.append("  \(heading(platform)): \(figures)")
        }
        let budgetText = budget.map { " (each within the size budget of \($0) bytes)" } ?? ""
        return ["What an app ships of the sheets\(budgetText):"] + lines
    }

    private static func heading(_ platform: ShippedSizes.Platform) -> String {
        switch platform {
        case .iOS: return "iOS app, after app thinning"
        case .web: return "web page, per device pixel ratio"
        case .android: return "Android app, per density (App Bundle)"
        }
    }
}

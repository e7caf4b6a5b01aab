import Foundation
import KeyboardLayout

/// The outputs beside the sheets a run asks for, one typed request each, set by the settings
/// rows (`Setting.output`). Which writer serves a request is registered where the run is
/// assembled (`OutputWriters`, in `Pipeline`), so the table and the options name no writer and
/// the core manifest does not change with the outputs asked for.
public struct OutputRequests: Sendable, Equatable {
    /// `--xcassets[=NAME]`: an Xcode asset catalog.
    public var assetCatalog: AssetCatalogRequest?
    /// `--web`: the web runtime, stylesheet and TexturePacker JSON.
    public var web: WebRequest?
    /// `--android`: Android resources and the Kotlin runtime.
    public var android: AndroidRequest?

    public init(assetCatalog: AssetCatalogRequest? = nil, web: WebRequest? = nil, android: AndroidRequest? = nil) {
        self.assetCatalog = assetCatalog
        self.web = web
        self.android = android
    }

    /// Whether no output beside the sheets is asked for.
    public var isEmpty: Bool { self == OutputRequests() }
}

/// `--xcassets[=NAME]`: the catalog's name (`NAME.xcassets`; `RunDefaults.assetCatalog` without
/// one). Which widths it holds is `--xcassets-widths` (`GeneratorOptions.assetCatalogWidths`).
public struct AssetCatalogRequest: Sendable, Equatable {
    public var name: String

    public init(name: String = RunDefaults.assetCatalog) {
        self.name = name
    }
}

/// `--web`: nothing to choose yet; the type is where a choice will go.
public struct WebRequest: Sendable, Equatable {
    public init() {}
}

/// `--android`: which densities get sheets (`--android-densities`, every density by default).
public struct AndroidRequest: Sendable, Equatable {
    /// Smallest first, each once.
    public var densities: [AndroidDensity]

    public init(densities: [AndroidDensity] = AndroidDensity.allCases) {
        self.densities = Set(densities).sorted()
    }

    /// The densities as `--android-densities` spells them: `mdpi,hdpi`.
    public var densityList: String { densities.map(\.rawValue).joined(separator: ",") }

    /// The densities of a list as `--android-densities` takes it, nil for an unknown name or an
    /// empty list.
    public static func densities(in list: String) -> [AndroidDensity]? {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let densities = names.compactMap(AndroidDensity.init(rawValue:))
        return densities.isEmpty || densities.count != names.count ? nil : densities
    }
}

// MARK: The recorded form

extension OutputRequests {
    /// Why a recorded form cannot be read: an output no row asks for, or a value its row refuses.
    public enum RecordProblem: Error, Equatable, Sendable {
        case unknownOutput(String)
        case refusedValue(output: String, value: String)
    }

    /// The requests as shard records (`emokit-shard.json`'s `site.outputs`) and run fingerprints
    /// have always spelled them: by the flag that asks (`xcassets` → the catalog's name, `web` →
    /// empty). A stored format only: nothing else reads requests by name, and records of earlier
    /// runs stay readable with their bytes unchanged.
    public var recorded: [String: String] {
        var form: [String: String] = [:]
        if let assetCatalog { form["xcassets"] = assetCatalog.name }
        if web != nil { form["web"] = "" }
        if let android { form["android"] = android.densityList }
        return form
    }

    /// The requests a recorded form holds; an output no row asks for, or a value its row would
    /// refuse, is refused (a record may come from elsewhere).
    public init(recorded form: [String: String]) throws(RecordProblem) {
        self.init()
        for (name, value) in form.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "xcassets":
                guard AssetCatalogName.issue(name: value, scales: []) == nil else { throw .refusedValue(output: name, value: value) }
                assetCatalog = AssetCatalogRequest(name: value)
            case "web":
                guard value.isEmpty else { throw .refusedValue(output: name, value: value) }
                web = WebRequest()
            case "android":
                guard let densities = AndroidRequest.densities(in: value) else { throw .refusedValue(output: name, value: value) }
                android = AndroidRequest(densities: densities)
            default:
                throw .unknownOutput(name)
            }
        }
    }
}

/// Run fingerprints (`CanonicalText`, in `Pipeline`) read the options by reflection; the requests
/// show themselves as the recorded form, the dictionary they were before they were typed, so
/// fingerprints (and the shard records that hold them) stay as they were.
extension OutputRequests: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: recorded.map { (key: $0.key, value: $0.value) }, displayStyle: .dictionary)
    }
}

/// Its text names the typed requests (reflection shows the recorded form, above).
extension OutputRequests: CustomDebugStringConvertible {
    public var debugDescription: String {
        "OutputRequests(assetCatalog: \(String(reflecting: assetCatalog)), web: \(String(reflecting: web)), android: \(String(reflecting: android)))"
    }
}

import Foundation
import Imaging

// The rows of how strictly packs are read and which images are refused.

extension SettingsTable {
    static let checks: [Setting] = {
        let limits = PNGDecoder.Limits()
        return [
            .onOff(
                "lenient", key: "lenient", validates: true, help: "Skip bad entries (and bad images) with a warning instead of failing the run.",
                apply: { options, value in
                    options.lenient = value.isOn
                    if value.isOn { options.strict = false }
                }),
            .onOff(
                "no-lenient", validates: true, help: "Fail the run on bad entries, listing every one (the default), even if the config file says lenient.",
                apply: { options, _ in options.lenient = false }),
            .onOff(
                "strict", key: "strict", validates: true, help: "Treat warnings about the packs (skipped folders, unknown keys, enlarged images) as errors.",
                apply: { options, value in
                    options.strict = value.isOn
                    if value.isOn { options.lenient = false }
                }),
            .onOff(
                "no-strict", validates: true, help: "Keep warnings about the packs as warnings (the default), even if the config file says strict.",
                apply: { options, _ in options.strict = false }),
            .value(
                "max-width", "pixels", type: .wholeNumber, range: OptionRanges.maxWidth, default: "\(limits.maxWidth)", validates: true,
                help: "Refuse images wider than this, {range} (default: {default}).", apply: { $0.imageLimits.maxWidth = $1.whole }),
            .value(
                "max-height", "pixels", type: .wholeNumber, range: OptionRanges.maxHeight, default: "\(limits.maxHeight)", validates: true,
                help: "Refuse images taller than this, {range} (default: {default}).", apply: { $0.imageLimits.maxHeight = $1.whole }),
            .value(
                "max-pixels", "count", type: .wholeNumber, range: OptionRanges.maxPixels, default: "\(limits.maxPixels)", validates: true,
                help: "Refuse images with more pixels than this, {range} (default: {default}).", apply: { $0.imageLimits.maxPixels = $1.whole }),
            .value(
                "max-plist-size", "MB", key: "maxPlistSizeMB", type: .wholeNumber, range: OptionRanges.maxPlistSize, default: "\(RunDefaults.maxPlistSizeMB)",
                validates: true, help: "Refuse plists larger than this, {range} (default: {default}).",
                apply: { $0.maxPlistBytes = $1.whole * 1024 * 1024 }),
        ]
    }()
}

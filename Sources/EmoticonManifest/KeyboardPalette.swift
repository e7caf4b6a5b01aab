import Foundation

/// A colour as red, green, blue and alpha from 0 to 1: what `UIColor(red:green:blue:alpha:)` and
/// `Color(red:green:blue:opacity:)` take, read from the manifest's `#RRGGBB`.
public struct RGBAColor: Equatable, Hashable, Sendable {
    /// The components, each from 0 to 1.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour from components from 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `#RRGGBB` (or `#RRGGBBAA`), as emokit writes colours; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        func component(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }
}

/// The keyboard's colours for light or dark mode, as RGBA: the manifest's `colors`, or its
/// `colors.dark` (when the manifest has no dark set, dark mode uses the light one).
///
/// ```swift
/// let palette = try KeyboardPalette(keyboard.manifest.colors, dark: traitCollection.userInterfaceStyle == .dark)
/// view.backgroundColor = UIColor(palette.background)   // EmoticonKeyboardUI's conversion
/// ```
public struct KeyboardPalette: Equatable, Sendable {
    /// The keyboard's background (sheets are transparent).
    public var background: RGBAColor
    /// A page control dot.
    public var pageDot: RGBAColor
    /// The current page's dot.
    public var currentPageDot: RGBAColor
    /// The tab bar's background.
    public var tabBarBackground: RGBAColor
    /// The selected tab's button.
    public var selectedTab: RGBAColor

    /// The light (`dark: false`) or dark palette of `colors`. Throws `KeyboardPaletteError`
    /// naming the key of a colour that is not `#RRGGBB` (`EmoticonKeyboardFiles` checks both
    /// palettes when it opens a keyboard).
    public init(_ colors: Manifest.Colors, dark: Bool) throws(KeyboardPaletteError) {
        let useDark = dark && colors.dark != nil
        let prefix = useDark ? "colors.dark." : "colors."
        func color(_ key: String, _ light: String, _ darkValue: String?) throws(KeyboardPaletteError) -> RGBAColor {
            let value = useDark ? darkValue ?? light : light
            guard let parsed = RGBAColor(hex: value) else { throw KeyboardPaletteError(key: prefix + key, value: value) }
            return parsed
        }
        background = try color("background", colors.background, colors.dark?.background)
        pageDot = try color("pageDot", colors.pageDot, colors.dark?.pageDot)
        currentPageDot = try color("currentPageDot", colors.currentPageDot, colors.dark?.currentPageDot)
        tabBarBackground = try color("tabBarBackground", colors.tabBarBackground, colors.dark?.tabBarBackground)
        selectedTab = try color("selectedTab", colors.selectedTab, colors.dark?.selectedTab)
    }
}

/// A manifest colour that is not `#RRGGBB`: the key (`colors.dark.pageDot`) and what it holds.
public struct KeyboardPaletteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The colour's key in the manifest.
    public let key: String
    /// What the manifest has there.
    public let value: String
    /// The error for `value` at `key`.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
    /// The error as one line.
    public var description: String { "\(key): \(value.debugDescription) is not a colour (#RRGGBB): regenerate the manifest with emokit" }
}

extension Manifest.Rect {
    /// The rectangle as a `CGRect` (points), for UIKit frames.
    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

extension Manifest.PixelRect {
    /// The rectangle as a `CGRect` (pixels), for `CGImage.cropping(to:)`.
    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

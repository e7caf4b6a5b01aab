/// Which manifest an app uses on a screen whose width emokit did not generate, for output with
/// per-width sheets (`--sheets per-width`).
///
/// With any-width sheets (the default; `Manifest.sheetLayout` is `.anyWidth`) there is nothing to
/// choose: any one manifest lays the keyboard out at the screen's exact width
/// (`EmoticonKeyboard.layout(width:scale:)`), with the frames `generate --widths` would write for
/// it, over the same sheets. Ship one manifest and lay it out at the view's width.
///
/// With per-width sheets each sheet is the whole page drawn for exactly one width (its manifest's
/// `manifests/<width>.json`). An app that draws a page as one image needs a manifest of its
/// screen's width; a phone that comes out after the sheets were made (or a width left out of
/// `--widths`) still needs a keyboard. The rule:
///
/// 1. A manifest for exactly the screen's width, when there is one.
/// 2. Else the widest manifest narrower than the screen: its keyboard fits, drawn at its own size
///    (`scale` 1), and the app centres it or spreads the spare points as it spreads the cells'
///    margins. Icons keep their pixel-exact size, which matters more than a few points of margin.
/// 3. Else (the screen is narrower than every manifest) the narrowest manifest, drawn scaled down
///    by `scale` = screen width / manifest width so that it fits (only a smaller phone than any
///    generated, so the icons shrink by a few percent at most for current phones).
///
/// (An app that draws per-width sheets icon by icon, each `sprite` cut out of its sheet, may lay
/// any of them out at the screen's width with `EmoticonKeyboard.layout(width:scale:)` instead.)
///
/// Pure arithmetic on widths: no file is read, so an app may call it before loading any manifest.
public struct ManifestWidthChoice: Equatable, Sendable {
    /// The manifest's `screenWidth`.
    public var width: Int
    /// What to draw the chosen keyboard's frames and sheets at: 1 when it fits, less when the
    /// screen is narrower than the narrowest manifest.
    public var scale: Double

    /// The manifest of `width`, drawn at `scale` times its size.
    public init(width: Int, scale: Double) {
        self.width = width
        self.scale = scale
    }

    /// The manifest width to use on a screen `screenWidth` points wide, among `available` (the
    /// widths of the manifests the app ships); nil when there are none. See the type's rule.
    public static func choose(forScreenWidth screenWidth: Double, among available: [Int]) -> ManifestWidthChoice? {
        let widths = Set(available.filter { $0 > 0 }).sorted()
        guard let narrowest = widths.first else { return nil }
        if let fitting = widths.last(where: { Double($0) <= screenWidth }) { return ManifestWidthChoice(width: fitting, scale: 1) }
        return ManifestWidthChoice(width: narrowest, scale: max(screenWidth, 0) / Double(narrowest))
    }
}

extension Array where Element == Manifest {
    /// The manifest to use on a screen `screenWidth` points wide (`ManifestWidthChoice`'s rule),
    /// with the scale to draw it at; nil for an empty list.
    public func manifest(forScreenWidth screenWidth: Double) -> (manifest: Manifest, scale: Double)? {
        guard let choice = ManifestWidthChoice.choose(forScreenWidth: screenWidth, among: map(\.screenWidth)),
            let manifest = first(where: { $0.screenWidth == choice.width })
        else { return nil }
        return (manifest, choice.scale)
    }
}

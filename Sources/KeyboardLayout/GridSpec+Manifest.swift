import EmoticonManifest

extension GridSpec {
    /// The grid as the manifest of `screenWidth` records it: the width-independent spec (columns,
    /// rows, insets, spacings, pixel snapping), from which an app lays the keyboard out at any
    /// width (`EmoticonKeyboard.layout(width:scale:)`), and the columns at this width: `cellWidth`
    /// at the smallest of `scales`, and with `snapToPixels` each scale's columns.
    public func manifestGrid(screenWidth: Int, scales: [Int]) -> Manifest.Grid {
        let scales = scales.sorted()
        let byScale = scales.map { (scale: $0, columns: columnGeometry(screenWidth: screenWidth, scale: $0)) }
        let smallest = byScale.first?.columns ?? columnGeometry(screenWidth: screenWidth)
        return Manifest.Grid(
            columns: columns, rows: rows, cellWidth: smallest.cellWidth, cellHeight: rowHeight,
            iconSize: iconSize, emoticonsPerPage: emoticonsPerPage,
            insets: Manifest.Insets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right),
            columnSpacing: columnSpacing, rowSpacing: rowSpacing, snapToPixels: snapToPixels,
            columnsByScale: snapToPixels ? Dictionary(uniqueKeysWithValues: byScale.map { ("\($0.scale)", $0.columns) }) : nil)
    }
}

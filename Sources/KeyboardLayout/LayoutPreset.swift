/// Named keyboards: a grid and the metrics around it, as the app that draws them does.
///
/// - `classic`: 8 x 4 cells, each `W/8` x 50 pt, the delete button in the last cell, 31
///   emoticons a page; grid 200 pt, page control 30 pt and tab bar 37 pt stacked.
/// - `weibo`: YYKit's `WBEmoticonInputView`: 7 x 3 cells, 20 emoticons and the delete button
///   as the 21st cell; a 216 pt keyboard with the 150 pt grid 5 pt from the top, a 20 pt page
///   control at 150 pt and a 37 pt tab bar; cells `(W - 20) / 7` rounded to device pixels and
///   the columns centred with the left inset rounded to device pixels.
public enum LayoutPreset: String, CaseIterable, Sendable {
    case classic, weibo

    /// Accepts the preset names and `seed004`, the name the classic layout had in our notes.
    public init?(name: String) {
        if name == "seed004" { self = .classic; return }
        self.init(rawValue: name)
    }

    public var grid: GridSpec {
        switch self {
        case .classic: return GridSpec()
        case .weibo:
            return GridSpec(columns: 7, rows: 3, rowHeight: 50, iconSize: 32, insets: EdgeInsets(left: 10, right: 10), snapToPixels: true)
        }
    }

    public var metrics: KeyboardMetrics {
        switch self {
        case .classic: return KeyboardMetrics()
        case .weibo:
            return KeyboardMetrics(toolbarHeight: 50, pageControlHeight: 20, tabBarHeight: 37, gridTop: 5, pageControlTop: 150, keyboardHeight: 216)
        }
    }
}

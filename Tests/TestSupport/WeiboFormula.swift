/// YYKit's `WBEmoticonInputView` in device pixels, restated from its source:
/// `itemWidth = CGFloatPixelRound((W - 10 * 2) / 7.0)`, `paddingLeft = CGFloatPixelRound((W - 7 * itemWidth) / 2.0)`,
/// where `CGFloatPixelRound(v) = round(v * S) / S`; cell c starts at `paddingLeft + c * itemWidth`.
/// Doubles on purpose: the app computes in CGFloat, and at 414 pt @3x its padding is
/// 29.49999999999994 px where exact arithmetic says 29.5 (see `weiboValuesWorkedByHand`).
public enum WeiboFormula {
    public static func pixels(width: Int, scale: Int) -> (left: Int, item: Int) {
        let w = Double(width), s = Double(scale)
        let itemWidth = ((w - 10 * 2) / 7.0 * s).rounded() / s
        let paddingLeft = ((w - 7 * itemWidth) / 2.0 * s).rounded() / s
        return (Int((paddingLeft * s).rounded()), Int((itemWidth * s).rounded()))
    }
}

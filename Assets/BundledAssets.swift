/// emokit's default delete icon (`delete.png` and its @2x/@3x), compiled into the binary (SwiftPM
/// `embedInCode`), so an installed or copied `emokit` draws the same delete button anywhere.
public enum BundledAssets {
    /// Scale (1, 2, 3) to the PNG file's bytes.
    public static let deleteIcon: [Int: [UInt8]] = [
        1: PackageResources.delete_png,
        2: PackageResources.delete_2x_png,
        3: PackageResources.delete_3x_png,
    ]
}

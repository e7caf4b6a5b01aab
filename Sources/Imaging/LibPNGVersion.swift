import CLibPNG

/// The libpng this binary was linked against, for `emokit --version` (so the CLI never reaches
/// past this module into the C shim).
public enum LibPNG {
    public static var version: String { String(cString: emk_png_libpng_version()) }
}

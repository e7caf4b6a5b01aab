/// The preview site's templates and static files, compiled into the binary (SwiftPM
/// `embedInCode`), so an installed or copied `emokit` needs nothing beside it and a `Templates/`
/// folder in the working directory cannot change the output. A new file here must be listed in
/// this target's `resources` in Package.swift and below.
public enum BundledTemplates {
    /// File name to contents.
    public static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "preview.html": PackageResources.preview_html,
        "preview.css": PackageResources.preview_css,
        "preview.js": PackageResources.preview_js,
        "emoticons.js": PackageResources.emoticons_js,
        "keyboard-layout.js": PackageResources.keyboard_layout_js,
        "keyboard.js": PackageResources.keyboard_js,
        "keyboard-paging.js": PackageResources.keyboard_paging_js,
        "keyboard-popups.js": PackageResources.keyboard_popups_js,
        "keyboard-input.js": PackageResources.keyboard_input_js,
        "keyboard-recent.js": PackageResources.keyboard_recent_js,
        "keyboard-theme.js": PackageResources.keyboard_theme_js,
        "keyboard-element.js": PackageResources.keyboard_element_js,
        "keyboard.css": PackageResources.keyboard_css,
        "emoticons.d.ts": PackageResources.emoticons_d_ts,
        "demo.html": PackageResources.demo_html,
        // The Kotlin runtime (`--android`).
        "android/EmokitKeyboard.kt": PackageResources.EmokitKeyboard_kt,
        "android/EmokitText.kt": PackageResources.EmokitText_kt,
        "android/EmokitJson.kt": PackageResources.EmokitJson_kt,
        "android/EmokitUnicode.kt": PackageResources.EmokitUnicode_kt,
        "android/EmokitKeyboardView.kt": PackageResources.EmokitKeyboardView_kt,
    ]
}

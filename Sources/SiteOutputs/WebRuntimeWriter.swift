import BundledTemplates
import EmoticonManifest
import Foundation
import OutputTransaction
import PreviewSite

/// The web runtime: `web/emoticons.js` (a classic script defining `globalThis.Emokit`),
/// `web/emoticons.mjs` (the same API as an ES module), `web/emoticons.d.ts` and
/// `web/emoticons.d.mts` (its TypeScript declarations, for each: TypeScript looks for the `.d.mts`
/// beside an imported `.mjs`), `web/emoticons-keyboard.css` (the runtime's stylesheet with the run's
/// colours, for a page whose Content-Security-Policy forbids the runtime's own) and
/// `web/demo.html` (a chat page built on it). The keyboard's data is embedded in
/// both scripts, so a page opened from disk (`file://`, where a fetch is refused) works: the only
/// files loaded are the sheets, as images. The code is `PreviewSiteBuilder.runtimeCode` (the
/// templates `emoticons.js`, `keyboard-layout.js`, `keyboard.js`, `keyboard-paging.js`, `keyboard-popups.js`
/// and the rest of `PreviewSiteBuilder.runtimeFiles`); this file only adds the data (`WebRuntimeData`) and wraps it for each kind of script.
enum WebRuntimeWriter {
    /// Where the template's code goes in each wrapper, and the data's marker in the code.
    static let dataMarker = PreviewSiteBuilder.runtimeDataMarker
    /// The classic script's own address, which the sheets' paths are relative to (the page's
    /// address when it was inserted without a `src`).
    static let classicURL = "const SCRIPT_URL = (document.currentScript && document.currentScript.src) || location.href;\n"

    static func write(
        _ manifest: Manifest, sizes: [String: (width: Int, height: Int)], versions: WebFileVersions, output: OutputFolder
    ) throws(OutputError) {
        let data = WebRuntimeData(manifest, sizes: sizes, versions: versions, pinyin: WebRuntimeData.pinyin(in: manifest))
        let json: String
        do { json = try data.json() } catch { throw .cannotWrite(path: "web/emoticons.js", reason: "cannot encode the keyboard's data (\(error))") }
        guard let code = PreviewSiteBuilder.runtimeCode({ BundledTemplates.files[$0].map { String(decoding: $0, as: UTF8.self) } }),
            let demo = BundledTemplates.files["demo.html"].map({ String(decoding: $0, as: UTF8.self) }),
            let declarations = BundledTemplates.files["emoticons.d.ts"].map({ String(decoding: $0, as: UTF8.self) })
        else { throw .cannotWrite(path: "web/emoticons.js", reason: "the runtime's template is missing from this build of emokit") }
        let body = code.replacingOccurrences(of: dataMarker, with: json)
        let banner = "/* emokit \(manifest.generator.version): emoticons for the web. Docs: Documentation/Web.md */\n"
        let classic = banner + "(function () {\n\"use strict\";\n" + classicURL + body + "\nglobalThis.Emokit = Emokit;\ndefineKeyboardElement();\n})();\n"
        let module =
            banner + "const SCRIPT_URL = import.meta.url;\n" + body
            + "\ndefineKeyboardElement();\nexport default Emokit;\nexport { mountKeyboard };\n"
            + "export const { tokenize, render, deleteBackward, search, data, version } = Emokit;\n"
        try output.write(Data(classic.utf8), to: "web/emoticons.js")
        try output.write(Data(module.utf8), to: "web/emoticons.mjs")
        try output.write(Data(declarations.utf8), to: "web/emoticons.d.ts")
        try output.write(Data(declarations.utf8), to: "web/emoticons.d.mts")
        guard let style = BundledTemplates.files[PreviewSiteBuilder.runtimeStylesheet].map({ String(decoding: $0, as: UTF8.self) }) else {
            throw .cannotWrite(path: "web/emoticons-keyboard.css", reason: "the runtime's stylesheet is missing from this build of emokit")
        }
        let cssBanner = "/* emokit \(manifest.generator.version): the web runtime's stylesheet. Docs: Documentation/Web.md */\n"
        try output.write(Data((cssBanner + keyboardStylesheet(style, colors: manifest.colors)).utf8), to: "web/emoticons-keyboard.css")
        // The demo's few words in the run's language, from the preview's table.
        var page = demo.replacingOccurrences(of: "{{lang}}", with: data.lang)
        for (key, text) in PreviewLabels.labels(language: data.lang) where key == "send" || key == "message" {
            page = page.replacingOccurrences(of: "{{\(key)}}", with: text)
        }
        try output.write(Data(page.utf8), to: "web/demo.html")
    }

    /// The runtime's stylesheet template with the run's colours where its `{{key}}` and
    /// `{{dark.key}}` markers are (the runtime fills the same markers from its data).
    static func keyboardStylesheet(_ template: String, colors: Manifest.Colors) -> String {
        let dark = colors.dark
        let values: [(String, String, String?)] = [
            ("background", colors.background, dark?.background), ("tabBarBackground", colors.tabBarBackground, dark?.tabBarBackground),
            ("selectedTab", colors.selectedTab, dark?.selectedTab), ("pageDot", colors.pageDot, dark?.pageDot),
            ("currentPageDot", colors.currentPageDot, dark?.currentPageDot),
        ]
        var css = template
        for (key, light, darkValue) in values {
            css = css.replacingOccurrences(of: "{{dark.\(key)}}", with: darkValue ?? light).replacingOccurrences(of: "{{\(key)}}", with: light)
        }
        return css
    }
}

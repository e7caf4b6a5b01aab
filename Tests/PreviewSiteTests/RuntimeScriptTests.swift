import Foundation
import PreviewSite
import Testing

/// The preview pages run on the web runtime's code (one tokenizer, renderer and delete for the
/// preview and `web/emoticons.js`): the site writes that code as `preview/assets/emoticons.js`,
/// wrapped so that each page hands it the data it makes from its own manifest.
struct RuntimeScriptTests {
    static let templates: [String: Data] = [
        "index.html": Data("<p>{{ generator | html }}</p>".utf8), "preview.css": Data(), "preview.js": Data(),
        "emoticons.js": Data(
            "const DATA = /*EMOKIT_DATA*/null;\nconst Core = {};\nconst LABELS = /*EMOKIT_LABELS*/null;\nconst STYLE = /*EMOKIT_STYLE*/\"\";\n".utf8),
        "keyboard-layout.js": Data("function keyboardGeometry(layout, scale) {}\n".utf8),
        "keyboard.js": Data("const Emokit = Object.freeze({ data: DATA });\n".utf8),
        "keyboard-paging.js": Data("function keyboardPaging(k) {}\n".utf8),
        "keyboard-popups.js": Data("function keyboardPopups(k) {}\n".utf8),
        "keyboard-input.js": Data("function keyboardInput(t, o, k) {}\n".utf8),
        "keyboard-recent.js": Data("function keyboardRecent(key, itemOf) {}\n".utf8),
        "keyboard-theme.js": Data("function keyboardTheme(elements, initial) {}\n".utf8),
        "keyboard-element.js": Data("function defineKeyboardElement() {}\n".utf8),
        "keyboard.css": Data(".emk-keyboard { color: \"{{background}}\"; }\n".utf8),
    ]

    static func builder(_ templates: [String: Data]) -> PreviewSiteBuilder {
        PreviewSiteBuilder(templates: templates, manifests: [], summary: .init(generator: "emokit", inputs: [], emojiSource: nil, packs: []))
    }

    @Test func thePreviewGetsTheRuntimesCodeAsAFactoryOfItsData() throws {
        let files = try Self.builder(Self.templates).build()
        let script = try #require(files.first { $0.path == "preview/assets/emoticons.js" })
        #expect(
            String(decoding: script.data, as: UTF8.self)
                == "(function () {\n\"use strict\";\nglobalThis.createEmokit = function (EMOKIT_DATA, SCRIPT_URL) {\n"
                + "const DATA = EMOKIT_DATA;\nconst Core = {};\nconst LABELS = \(PreviewLabels.runtimeTable);\n"
                + "const STYLE = \".emk-keyboard { color: \\\"{{background}}\\\"; }\\n\";\n"
                + "\nfunction keyboardGeometry(layout, scale) {}\n\nconst Emokit = Object.freeze({ data: DATA });\n\nfunction keyboardPaging(k) {}\n\nfunction keyboardPopups(k) {}\n"
                + "\nfunction keyboardInput(t, o, k) {}\n\nfunction keyboardRecent(key, itemOf) {}\n\nfunction keyboardTheme(elements, initial) {}\n\nfunction defineKeyboardElement() {}\n"
                + "\nreturn Emokit;\n};\n})();\n")
    }

    @Test func aRuntimeWithoutItsDataMarkerIsAnError() throws {
        var templates = Self.templates
        templates["emoticons.js"] = Data("const DATA = null;\n".utf8)
        let error = #expect(throws: PreviewSiteBuilder.BuildError.self) { _ = try Self.builder(templates).build() }
        #expect(
            error?.description
                == "emoticons.js: the web runtime's code is missing from this build (emoticons.js, keyboard-layout.js, keyboard.js, keyboard-paging.js, keyboard-popups.js, keyboard-input.js, keyboard-recent.js, keyboard-theme.js, keyboard-element.js)"
        )
    }
}

import EmoticonManifest
import Foundation
import Testing

@testable import PreviewSite

/// The words an iOS keyboard says (`EmoticonManifest`'s `KeyboardLabels`, which apps import without
/// the preview) are the preview's and the web runtime's, in every language: one vocabulary.
struct KeyboardLabelsAgreementTests {
    @Test(arguments: ["cn", "tw", "en"]) func theIOSLabelsAreThePreviewsWords(locale: String) throws {
        let labels = KeyboardLabels(locale: locale)
        let language = PreviewLabels.language(locale: locale)
        #expect(labels.language == language)
        let table = Dictionary(uniqueKeysWithValues: PreviewLabels.table.map { ($0.key, $0.text(language)) })
        #expect(labels.delete == table["delete"])
        #expect(labels.recent == table["recent"])
        #expect(labels.noRecent == table["noRecent"])
        #expect(labels.keyboard == table["keyboard"])
        #expect(labels.skinTones == table["tones"])
        #expect(labels.toSystemKeyboard == table["toSystem"])
        #expect(labels.toEmoticonKeyboard == table["toEmoticons"])
        #expect(labels.page(2) == table["page"]?.replacingOccurrences(of: "%d", with: "2"))
    }
}

import Testing
import TextMatching

/// "Did you mean": the closest known name within a few edits.
struct NameSuggestionTests {
    @Test func nearMissSuggestsWithinTwoEdits() {
        #expect(NameSuggestion.closest(to: "widht", among: ["scales", "widths"]) == "widths")
        #expect(NameSuggestion.closest(to: "colour", among: ["widths"]) == nil)
        #expect(NameSuggestion.closest(to: "Widths", among: ["widths"]) == "widths")
        #expect(NameSuggestion.closest(to: "WIDTHS", among: ["widths"]) == nil)
        #expect(NameSuggestion.closest(to: "WIDTHS", among: ["widths"], ignoringCase: true) == "widths")
        #expect(NameSuggestion.closest(to: "wdth", among: ["widths"], maxDistance: 1) == nil)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3 && NameSuggestion.editDistance("", "abc") == 3)
    }
}

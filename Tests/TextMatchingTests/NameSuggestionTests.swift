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

    @Test func suggestionsCountASwapAsOneSlip() {
        #expect(NameSuggestion.editDistance("widht", "width") == 1 && NameSuggestion.editDistance("tpye", "type") == 1)
        #expect(NameSuggestion.editDistance("ab", "ba") == 1 && NameSuggestion.editDistance("ca", "abc") == 3)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(NameSuggestion.likely("jbos", among: ["jobs", "json"]) == "jobs")
        #expect(NameSuggestion.likely("gen", among: ["generate", "init"]) == "generate")
        #expect(NameSuggestion.likely("g", among: ["generate", "init"]) == nil)
        #expect(NameSuggestion.likely("in", among: ["init", "inspect"]) == nil)
        #expect(NameSuggestion.likely("abcd", among: ["abxy"]) == nil)  // two slips in four letters is a different word
    }
}

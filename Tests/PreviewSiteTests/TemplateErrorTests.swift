import PreviewSite
import Testing

/// Template mistakes that rendered nothing, silently: `{{#each}}` over a value that is not a list
/// and `{{#if}}` on a name with no value (a typo). Both are errors naming the template and name.
struct TemplateErrorTests {
    @Test func eachOverANonListIsAnError() throws {
        let template = try Template("{{#each title}}<li>{{ name | html }}</li>{{/each}}", name: "index.html")
        let error = #expect(throws: Template.RenderError.self) { _ = try template.render(["title": .text("Faces")]) }
        #expect(error?.description == "index.html: 'title' is not a list; {{#each}} needs one")
    }

    @Test func ifOnAnUnknownNameIsAnError() throws {
        let template = try Template("{{#if hasPreveiw}}yes{{else}}no{{/if}}", name: "index.html")
        let error = #expect(throws: Template.RenderError.self) { _ = try template.render(["hasPreview": .bool(true)]) }
        #expect(error?.description == "index.html: no value named 'hasPreveiw'")
        // Known names still choose a branch.
        let known = try Template("{{#if hasPreview}}yes{{else}}no{{/if}}", name: "index.html")
        #expect(try known.render(["hasPreview": .bool(false)]) == "no")
    }
}

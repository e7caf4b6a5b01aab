import Testing

@testable import TextEscaping

/// XML's own entities and numeric references are decoded; nothing else is ever looked up.
struct XMLEntitiesTests {
    @Test func decodesXMLsOwnEntitiesAndReferences() throws {
        #expect(try XMLEntities.decode("O:) &amp; &lt;3 &quot;&apos;&gt;") == "O:) & <3 \"'>")
        #expect(try XMLEntities.decode("&#x1F600;&#128512;&#X41;") == "😀😀A")
        #expect(try XMLEntities.decode(Escape.xmlText("<a&b>")) == "<a&b>")
        #expect(try XMLEntities.decode("no entities") == "no entities")
    }

    @Test func refusesWhatItDoesNotKnow() {
        #expect(throws: XMLEntities.Problem.unterminated) { try XMLEntities.decode("a & b") }
        #expect(throws: XMLEntities.Problem.unknown("nbsp")) { try XMLEntities.decode("&nbsp;") }
        #expect(throws: XMLEntities.Problem.unknown("#0")) { try XMLEntities.decode("&#0;") }
        #expect(throws: XMLEntities.Problem.unknown("#xD800")) { try XMLEntities.decode("&#xD800;") }
    }
}

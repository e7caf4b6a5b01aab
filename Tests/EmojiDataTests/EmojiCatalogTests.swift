import EmojiData
import Foundation
import TestSupport
import Testing

struct EmojiCatalogTests {
    static let tones: [String] = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]

    @Test func fixtureKeysVariantsAndSections() throws {
        let file = try EmojiTestFile(contentsOf: EmojiTestFileTests.small)
        let catalog = EmojiCatalog(file) { _ in true }
        #expect(catalog.version == "15.0")
        #expect(catalog.sections.map(\.group) == ["Smileys & Emotion", "People & Body", "Flags"])
        #expect(catalog.sections[0].keys.map(\.base.text) == ["😀", "😃", "\u{2764}\u{FE0F}"])
        let people = catalog.sections[1]
        #expect(people.keys.map(\.base.name) == ["thumbs up", "man detective", "handshake", "kiss"])
        #expect(people.keys[0].variants.map(\.text) == ["👍🏻", "👍🏿"])
        // The base is spelled with U+FE0F after 🕵, its toned form without: still one key.
        #expect(people.keys[1].variants.map(\.name) == ["man detective: light skin tone"])
        // Toned forms that are other sequences join their base by name.
        #expect(people.keys[2].variants.map(\.text) == ["🤝🏻", "🫱🏻\u{200D}🫲🏿"])
        #expect(people.keys[3].variants.map(\.name) == ["kiss: person, person, light skin tone, dark skin tone"])
        #expect(people.variantCount == 6)
        #expect(catalog.sections.allSatisfy { $0.leftOut.isEmpty })
    }

    @Test func undrawableEmojiAreLeftOutAndATonedFormCanBecomeTheKey() throws {
        let file = try EmojiTestFile(contentsOf: EmojiTestFileTests.small)
        let catalog = EmojiCatalog(file) { $0 != "👍" && $0 != "😃" }
        #expect(catalog.sections[0].leftOut.map(\.name) == ["grinning face with big eyes"])
        #expect(catalog.sections[1].leftOut.map(\.name) == ["thumbs up"])
        let thumbs = try #require(catalog.sections[1].keys.first)
        #expect(thumbs.base.text == "👍🏻")
        #expect(thumbs.variants.map(\.text) == ["👍🏿"])
    }

    @Test func realFileVariantsOfThumbsUpAndPeopleHoldingHandsAreComplete() throws {
        let catalog = EmojiCatalog(try EmojiTestFileTests.real()) { _ in true }
        let keys = catalog.sections.flatMap(\.keys)
        let thumbs = try #require(keys.first { $0.base.text == "👍" })
        #expect(thumbs.variants.map(\.text) == Self.tones.map { "👍" + $0 })
        let holding = try #require(keys.first { $0.base.text == "🧑\u{200D}🤝\u{200D}🧑" })
        let expected = Self.tones.flatMap { left in Self.tones.map { right in "🧑" + left + "\u{200D}🤝\u{200D}🧑" + right } }
        #expect(holding.variants.count == 25)
        #expect(Set(holding.variants.map(\.text)) == Set(expected))
        let handshake = try #require(keys.first { $0.base.text == "🤝" })
        #expect(handshake.variants.count == 25)
    }

    @Test func realFileEveryFullyQualifiedEmojiOnceAsKeyVariantOrLeftOut() throws {
        let file = try EmojiTestFileTests.real()
        // An arbitrary, deterministic "undrawable" set: every emoji newer than 14.0.
        let versions = Dictionary(file.entries.map { ($0.text, $0.emojiVersion) }, uniquingKeysWith: { first, _ in first })
        let catalog = EmojiCatalog(file) { versions[$0] != "15.0" }
        var seen: [String: Int] = [:]
        for section in catalog.sections {
            for key in section.keys {
                seen[key.base.text, default: 0] += 1
                for variant in key.variants { seen[variant.text, default: 0] += 1 }
            }
            for entry in section.leftOut { seen[entry.text, default: 0] += 1 }
            #expect(section.leftOut.allSatisfy { $0.emojiVersion == "15.0" })
        }
        let fullyQualified = file.entries.filter { $0.status == .fullyQualified && $0.group != "Component" }
        #expect(seen.count == fullyQualified.count)
        #expect(seen.values.allSatisfy { $0 == 1 })
        #expect(Set(seen.keys) == Set(fullyQualified.map(\.text)))
        // Every variant carries a skin tone; no key in a group other than People & Body has variants.
        for section in catalog.sections {
            #expect(section.keys.allSatisfy { $0.variants.allSatisfy { EmojiCatalog.hasSkinTone($0.text) } })
            if section.group != "People & Body" { #expect(section.variantCount == 0) }
        }
    }
}

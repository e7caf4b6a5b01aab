import Testing

@testable import EmoticonPackModel

/// Tab ids made from names alone: Punycode for names that are not ASCII, suffixes for repeats.
struct TabIDNamingTests {
    @Test func punycodeMatchesRFC3492() {
        // RFC 3492 section 7.1 sample (A) and well-known IDN labels.
        #expect(Punycode.encode("\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}") == "egbpdaj6bu4bxfgehfvwxn")
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("中文") == "fiq228c")
    }
}

/// Suffixing stays linear in the number of packs (issue 26: one pack listed 40,000 times took
/// 64 s to validate, each copy searching `-2`, `-3`, … from the start). Counted in probes, not
/// timed.
struct TabIDSuffixWorkTests {
    @Test func suffixSearchResumesWhereTheLastStopped() {
        let wanted = Array(repeating: "faces", count: 5_000) + ["Faces", "faces-7"]
        var probes = 0
        let resolved = TabID.resolve(wanted, probes: &probes)
        #expect(probes < 3 * wanted.count)
        // Same ids as before: each copy the lowest free suffix, `faces-7` kept by the pack that asks for it.
        #expect(resolved.ids[0] == "faces")
        #expect(resolved.ids[1] == "faces-2")
        #expect(resolved.ids[5] == "faces-6")
        #expect(resolved.ids[6] == "faces-8")
        #expect(resolved.ids[wanted.count - 1] == "faces-7")
        #expect(Set(resolved.ids.map { $0.lowercased() }).count == wanted.count)
        #expect(resolved.changes.count == wanted.count - 2)
    }
}

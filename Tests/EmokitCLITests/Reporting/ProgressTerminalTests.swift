import Foundation
import TestSupport
import Testing

/// The built emokit under a pseudo-terminal (`script`) shows its progress line and erases it;
/// through pipes, with `--quiet` and with `TERM=dumb` it prints exactly what it always did.
struct ProgressTerminalTests {
    /// The pack is outside the working folder: its files are named by their absolute paths.
    static let pack = Fixtures.conformance.appendingPathComponent("plists/duplicate-chs").path
    static let warning = "warning: \(pack)/info.plist: entry 2: chs \"[哈哈]\" repeats entry 0; keeping entry 0"
    static let erase = "\r\u{1B}[K"

    static func generate(_ extra: [String] = []) -> [String] {
        ["generate", pack, "--out", Fixtures.temporaryDirectory().appendingPathComponent("o").path, "--widths", "375", "--scales", "2", "--no-cache"] + extra
    }

    /// Any SGR sequence (colour, bold): what NO_COLOR forbids. The line's own `\r` and erase (EL) are no colour.
    static func hasColour(_ text: String) -> Bool { text.contains(#/\x{1B}\[[0-9;]*m/#) }

    @Test func shownOnATerminalAndErasedBeforeMessages() throws {
        let tty = try PseudoTerminal.run(Self.generate(), environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(tty.status == 0)
        let text = tty.stdout
        #expect(text.contains("\rreading packs  0:"), "\(text.debugDescription)")
        #expect(text.contains("] 1/1 pages  0:"), "\(text.debugDescription)")
        #expect(text.contains("\rwriting checksums  0:"))
        // Erased before the warning (painted yellow) and before the summary.
        #expect(text.contains(Self.erase + "\u{1B}[1m\u{1B}[33mwarning:\u{1B}[0m \(Self.pack)/info.plist: entry 2:"), "\(text.debugDescription)")
        #expect(text.contains(Self.erase + "emokit: 1 tab, 1 page") || text.contains("\r\nemokit: 1 tab, 1 page"), "\(text.debugDescription)")
        #expect(Self.hasColour(text))

        let noColor = try PseudoTerminal.run(Self.generate(), environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(noColor.status == 0 && noColor.stdout.contains("] 1/1 pages  0:") && noColor.stdout.contains(Self.erase + Self.warning))
        #expect(!Self.hasColour(noColor.stdout), "\(noColor.stdout.debugDescription)")
    }

    @Test func neverInPipesQuietOrDumbTerminals() throws {
        // Pipes: stderr is the warning alone, byte for byte, and stdout the text summary.
        let pipe = try Subprocess.run(try EmokitBinary.locate(), Self.generate(), environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(pipe.status == 0)
        #expect(pipe.stderr == Self.warning + "\n", "\(pipe.stderr.debugDescription)")
        #expect(pipe.stdout.hasPrefix("emokit: 1 tab, 1 page") && !pipe.stdout.contains("\r") && !pipe.stdout.contains("\u{1B}"))
        // --quiet on a terminal: the warning only (the pty turns \n into \r\n).
        let quiet = try PseudoTerminal.run(Self.generate(["--quiet"]), environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(quiet.status == 0 && quiet.stdout == Self.warning + "\r\n", "\(quiet.stdout.debugDescription)")
        // TERM=dumb: a terminal that cannot erase a line gets plain lines.
        let dumb = try PseudoTerminal.run(Self.generate(), environment: ["NO_COLOR": nil, "TERM": "dumb"])
        #expect(dumb.status == 0 && dumb.stdout.hasPrefix(Self.warning + "\r\nemokit: 1 tab"), "\(dumb.stdout.debugDescription)")
        #expect(!dumb.stdout.contains("elapsed") && !dumb.stdout.contains("\u{1B}"))
    }

    @Test func mergeCountsShardsOnATerminal() throws {
        let root = Fixtures.temporaryDirectory()
        var shards: [String] = []
        for index in 1...2 {
            let folder = root.appendingPathComponent("shard-\(index)").path
            let made = try Subprocess.run(
                try EmokitBinary.locate(), ["generate", Self.pack, "--out", folder, "--widths", "375", "--scales", "2", "--no-cache", "--quiet", "--shard", "\(index)/2"])
            #expect(made.status == 0, "\(made.stderr)")
            shards.append(folder)
        }
        let merged = try PseudoTerminal.run(["merge", root.appendingPathComponent("site").path] + shards, environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(merged.status == 0)
        #expect(merged.stdout.contains("] 2/2 shards  0:") && merged.stdout.contains(Self.erase + "emokit: merged 2 shards"), "\(merged.stdout.debugDescription)")
    }
}

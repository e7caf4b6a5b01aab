import Diagnostics
import Foundation
import Pipeline
import Synchronization
import TestSupport
import Testing

@testable import EmokitCLI

/// The progress line: its text at every width (pure, with durations given), its redraws driven by
/// a hand-moved clock, and the console erasing it before any message. No test waits on time.
@Suite struct ProgressBarTests {
    /// A console that records every write to standard error, as a terminal would receive it.
    final class Screen: Sendable {
        let writes = Mutex<[String]>([])
        var text: String { writes.withLock { $0.joined() } }
        func console(interactive: Bool = true, colour: Bool = false, columns: Int = 80) -> Console {
            Console(
                out: { [self] line in writes.withLock { $0.append("OUT:" + line) } }, error: { [self] line in writes.withLock { $0.append(line) } }, colour: colour, interactive: interactive,
                columns: { columns })
        }
    }

    /// A clock moved by hand.
    final class HandClock: Sendable {
        let time = Mutex(Duration.zero)
        func advance(_ duration: Duration) { time.withLock { $0 += duration } }
        var now: @Sendable () -> Duration { { [self] in time.withLock { $0 } } }
    }

    static func pages(_ done: Int, of total: Int, elapsed: Duration = .seconds(6), step: Duration = .seconds(4)) -> ProgressBar.Snapshot {
        ProgressBar.Snapshot(step: .renderingPages, count: (done, total), elapsed: elapsed, stepElapsed: step)
    }

    @Test func lineShowsBarCountElapsedAndETA() {
        // 64 of 128 pages in 4 s of rendering: 4 s to go.
        #expect(ProgressBar.line(Self.pages(64, of: 128), width: 79, colour: false) == "[###############---------------] 64/128 pages  0:06 elapsed  ETA 0:04")
        #expect(ProgressBar.line(Self.pages(0, of: 128), width: 79, colour: false) == "[------------------------------] 0/128 pages  0:06 elapsed")
        #expect(ProgressBar.line(Self.pages(128, of: 128), width: 79, colour: false) == "[##############################] 128/128 pages  0:06 elapsed")
        let merge = ProgressBar.Snapshot(step: .checkingShards, count: (1, 4), elapsed: .seconds(2), stepElapsed: .seconds(2))
        #expect(ProgressBar.line(merge, width: 79, colour: false) == "[#######-----------------------] 1/4 shards  0:02 elapsed  ETA 0:06")
        let site = ProgressBar.Snapshot(step: .writingSite, count: nil, elapsed: .seconds(75), stepElapsed: .zero)
        #expect(ProgressBar.line(site, width: 79, colour: false) == "writing the site  1:15 elapsed")
    }

    @Test func lineFitsEveryWidthDroppingLeastUsefulFirst() {
        let snapshot = Self.pages(63, of: 127, elapsed: .seconds(4), step: .seconds(3))
        for width in 1...120 {
            let line = ProgressBar.line(snapshot, width: width, colour: false)
            #expect(line.count <= width, "width \(width): \(line)")
            if width >= 12 { #expect(line.contains("63/127 pages"), "width \(width): \(line)") }
        }
        // 3 s for 63 pages: 64 more take 3.05 s, shown rounded up.
        // 60 columns: 21 cells of bar; 44: too narrow for the elapsed time (19 cells); 34: no bar.
        #expect(ProgressBar.line(snapshot, width: 60, colour: false) == "[##########-----------] 63/127 pages  0:04 elapsed  ETA 0:04")
        #expect(ProgressBar.line(snapshot, width: 44, colour: false) == "[#########----------] 63/127 pages  ETA 0:04")
        #expect(ProgressBar.line(snapshot, width: 34, colour: false) == "63/127 pages  ETA 0:04")
        #expect(ProgressBar.line(snapshot, width: 20, colour: false) == "63/127 pages")
        #expect(ProgressBar.line(snapshot, width: 8, colour: false) == "63/127 p")
        let reading = ProgressBar.Snapshot(step: .readingPacks, count: nil, elapsed: .seconds(1), stepElapsed: .seconds(1))
        #expect(ProgressBar.line(reading, width: 20, colour: false) == "reading packs")
        #expect(ProgressBar.line(reading, width: 5, colour: false) == "readi")
    }

    @Test func colourOnlyPaintsTheDonePart() {
        let plain = ProgressBar.line(Self.pages(64, of: 128), width: 79, colour: false)
        let painted = ProgressBar.line(Self.pages(64, of: 128), width: 79, colour: true)
        #expect(painted.contains(Terminal.green + String(repeating: "#", count: 15) + Terminal.reset))
        #expect(painted.replacingOccurrences(of: Terminal.green, with: "").replacingOccurrences(of: Terminal.reset, with: "") == plain)
        #expect(!ProgressBar.line(Self.pages(0, of: 128), width: 79, colour: true).contains(Terminal.green))
    }

    @Test func clockText() {
        #expect(ProgressBar.clock(.zero) == "0:00")
        #expect(ProgressBar.clock(.milliseconds(59_900)) == "0:59")
        #expect(ProgressBar.clock(.milliseconds(59_100), roundingUp: true) == "1:00")
        #expect(ProgressBar.clock(.seconds(61)) == "1:01")
        #expect(ProgressBar.clock(.seconds(754)) == "12:34")
        #expect(ProgressBar.clock(.seconds(3723)) == "1:02:03")
        #expect(ProgressBar.remaining((0, 10), stepElapsed: .seconds(5)) == nil)
        #expect(ProgressBar.remaining((10, 10), stepElapsed: .seconds(5)) == nil)
        #expect(ProgressBar.remaining((2, 10), stepElapsed: .seconds(5)) == .seconds(20))
    }

    /// Not a terminal (a pipe): `COLUMNS`, else 80. (A terminal's own size comes first.)
    @Test func widthFallsBackToColumnsThenEighty() {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        #expect(Terminal.columns(descriptor, environment: ["COLUMNS": "42"]) == 42)
        #expect(Terminal.columns(descriptor, environment: ["COLUMNS": "wide"]) == 80)
        #expect(Terminal.columns(descriptor, environment: [:]) == 80)
        #expect(!Terminal.redrawAllowed(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(Terminal.redrawAllowed(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!Terminal.redrawAllowed(isTerminal: false, environment: [:]))
    }

    /// Counts are redrawn at most every 100 ms; a step's start and a count's first and last
    /// values always are.
    @Test func redrawsAreThrottled() {
        let screen = Screen()
        let clock = HandClock()
        let bar = ProgressBar(console: screen.console(), now: clock.now)
        bar.handle(.began(.renderingPages))
        bar.handle(.advanced(done: 0, total: 10))
        for done in 1...9 {
            clock.advance(.milliseconds(30))
            bar.handle(.advanced(done: done, total: 10))
        }
        bar.handle(.advanced(done: 10, total: 10))
        let drawn = screen.writes.withLock { $0 }
        #expect(drawn.first == "\rrendering pages  0:00 elapsed" + Terminal.eraseToEnd)
        let shown = drawn.compactMap { write in write.split(separator: " ").first { $0.hasSuffix("/10") }.map(String.init) }
        // 0 at 0 ms, then 4 (120 ms), 8 (240 ms), and 10 (the last) at once.
        #expect(shown == ["0/10", "4/10", "8/10", "10/10"], "\(drawn)")
        // The clock ticks once a second whatever the pages do.
        clock.advance(.seconds(1))
        bar.tick()
        #expect(screen.writes.withLock { $0.last } == "\r[##############################] 10/10 pages  0:01 elapsed" + Terminal.eraseToEnd)
    }

    /// The line is erased before any message, and after `finish` or `.stopping` nothing more is drawn.
    @Test func erasedBeforeMessagesAndWhenDone() {
        let screen = Screen()
        let console = screen.console()
        let bar = ProgressBar(console: console, now: { .zero })
        bar.handle(.began(.readingPacks))
        console.error("warning: a/info.plist: entry 2: repeated")
        bar.handle(.began(.writingSite))
        console.out("emokit: done")
        #expect(
            screen.text
                == "\rreading packs  0:00 elapsed\u{1B}[K" + "\r\u{1B}[K" + "warning: a/info.plist: entry 2: repeated\n" + "\rwriting the site  0:00 elapsed\u{1B}[K"
                + "\r\u{1B}[K" + "OUT:emokit: done\n")
        bar.handle(.began(.sealing))
        bar.handle(.stopping(Diagnostic("stopped-by-signal", .error, message: "stopped by SIGINT")))
        bar.handle(.began(.writingSite))
        bar.tick()
        bar.finish()
        #expect(screen.text.hasSuffix("\rwriting checksums  0:00 elapsed\u{1B}[K" + "\r\u{1B}[K"))
        // A console that is no terminal never shows a status line, nor erases one.
        let pipe = Screen()
        let quiet = ProgressBar(console: pipe.console(interactive: false), now: { .zero })
        quiet.handle(.began(.renderingPages))
        quiet.handle(.advanced(done: 1, total: 1))
        quiet.finish()
        pipe.console(interactive: false).error("warning: x")
        #expect(pipe.text == "warning: x\n")
    }

    /// A whole run through the command line with a terminal-like console: every page counted, the
    /// line erased before the warning and the summary.
    @Test func generateReportsEveryPageInProcess() throws {
        let screen = Screen()
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let pack = Fixtures.conformance.appendingPathComponent("plists/duplicate-chs").path
        let status = CLI.run(["generate", pack, "--out", out, "--widths", "375", "--scales", "2", "--no-cache"], console: screen.console())
        #expect(status == 0)
        let text = screen.text
        #expect(text.hasPrefix("\rreading packs  0:00 elapsed\u{1B}[K"), "\(text.debugDescription)")
        #expect(text.contains("] 1/1 pages  "))
        #expect(text.contains("\r\u{1B}[Kwarning: \(pack)/info.plist: entry 2:"))
        // Every status line is erased before the next message.
        var shown = false
        for write in screen.writes.withLock({ $0 }) {
            if write == "\r\u{1B}[K" {
                shown = false
            } else if write.hasPrefix("\r") {
                shown = true
            } else {
                #expect(!shown, "\(write.debugDescription) printed over the progress line")
            }
        }
        let quiet = Screen()
        #expect(CLI.run(["generate", pack, "--out", out, "--widths", "375", "--scales", "2", "--no-cache", "--quiet"], console: quiet.console()) == 0)
        #expect(quiet.text == "warning: \(pack)/info.plist: entry 2: chs \"[哈哈]\" repeats entry 0; keeping entry 0\n")
    }
}

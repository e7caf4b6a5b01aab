import Diagnostics
import EmoticonPacks
import Foundation
import PackAuthoring
import Settings
import TextEscaping

/// `emokit init --update`: the folder's new images appended to its `info.plist` (`PackUpdate`),
/// entries whose files are gone reported (or removed), and one line saying what changed.
enum InitUpdate {
    static func run(_ pack: PackStarter, display: String, removeMissing: Bool, quiet: Bool, printer: DiagnosticPrinter, console: Console) -> ExitCode {
        let plistDisplay = "\(display)/\(ProjectStarter.plistName)"
        let result: PackUpdate
        do {
            guard let old = try PackUpdate.readPlist(in: pack.folder, display: display) else {
                printer.print(PackStarterError.nothingToUpdate(path: display).diagnostics)
                return .inputError
            }
            result = try PackUpdate.make(pack, plist: old, display: plistDisplay, removeMissing: removeMissing)
        } catch {
            printer.print(error.diagnostics)
            return .inputError
        }
        // The first 100, then one line for the rest (as the pack readers cap their problems).
        let shownMissing = 100
        if result.missing.count > shownMissing {
            printer.print(
                Diagnostic(
                    "init-missing-files", .warning, file: plistDisplay,
                    message: "\(path: plistDisplay): and \(result.missing.count - shownMissing) more entries whose files are not found, not listed (the first \(shownMissing) are)"))
        }
        for missing in result.missing.prefix(shownMissing) {
            let files = missing.files.joined(separator: ", ")
            let fate: Diagnostic.Message = removeMissing ? "removed" : "kept (\(setting: "remove-missing") removes it)"
            let entry: Diagnostic.Message = missing.text.map { "entry \(missing.index) (\(quoted: $0))" } ?? "entry \(missing.index)"
            printer.print(
                Diagnostic(
                    "init-missing-files", .warning, file: plistDisplay, entryIndex: missing.index,
                    message: "\(path: plistDisplay): \(entry): \(files) not found at any scale; " + fate))
        }
        if result.changed {
            do { try ProjectStarter.replacePlist(in: pack.folder, with: result.data, display: display) } catch {
                printer.print(error.diagnostic)
                return .outputError
            }
        }
        guard !quiet else { return .success }
        printer.print(pack.notes.filter { !$0.contains("not listed") }.map { Diagnostic("init-skipped", .note, message: Diagnostic.Message($0)) })
        let removed = result.removedMissing ? result.missing.count : 0
        let kept = result.existingCount - removed
        if !result.changed {
            console.out(Escape.terminal("emokit: \(plistDisplay) is up to date (\(entries(result.existingCount)))"))
            return .success
        }
        var parts = ["added \(entries(result.added.count))" + (result.added.isEmpty ? "" : " (\(result.added.map(\.chs).joined(separator: " ")))")]
        if removed > 0 { parts.append("removed \(entries(removed))") }
        parts.append("kept \(kept) as \(kept == 1 ? "it was" : "they were")")
        console.out(Escape.terminal("emokit: updated \(plistDisplay)\(result.isBinary ? " (binary)" : ""): " + parts.joined(separator: ", ")))
        return .success
    }

    /// "1 entry", "3 entries".
    static func entries(_ n: Int) -> String { n == 1 ? "1 entry" : "\(n) entries" }
}

import Diagnostics
import EmoticonPacks
import Foundation
import PackAuthoring
import Pipeline
import Settings
import TextEscaping

/// `emokit init <folder>`: makes a folder of PNGs a Weibo pack (`info.plist`) with a starter
/// `emokit.json`. The listing rules live in `PackStarter`, the writing in `ProjectStarter`.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write a Weibo info.plist and a starter emokit.json for a folder of PNG images.",
        positionalName: "folder", positionalHelp: "The folder holding the images (name.png, name@2x.png, name@3x.png).",
        minimumPositionals: 1,
        options: [
            .flag("force", help: "Replace an existing info.plist and emokit.json (edits made to them are lost)."),
            .flag("update", help: "Add the images no entry names to the existing info.plist, keeping every entry as it is."),
            .flag("remove-missing", help: "With --update: remove the entries whose image files are gone (else they are only reported)."),
            .flag("quiet", short: "q", help: "Print only errors."),
        ],
        discussion: """
            Lists every image directly in the folder as one entry, in bytewise order of the names
            (as generate orders a folder without a plist): chs is the name in brackets ([smile] for
            smile.png), png the base file name (the @2x/@3x files are found from it), type 0, and
            gif a GIF of the same name. delete.png and icon.png keep their own meaning (the tab's
            delete button and icon) and are not listed; other files and subfolders are named in a
            note. A name with brackets, control characters or two scale suffixes, and two files for
            one name and scale, are refused, every one at once, and nothing is written.

            names.tsv beside the images, if there is one, gives entries their texts: a line per image,
            tab-separated: the image's name (smile or smile.png), its chs ([微笑]) and optionally its
            cht ([微笑] in traditional characters). Images it does not name get [name].

            --update keeps the info.plist there (and emokit.json): images no entry names are appended
            as new entries, grouped with their @2x/@3x files and GIF; entries whose files are all gone
            are reported, and removed with --remove-missing. Every other entry and key stays byte for
            byte (an XML plist is edited as text, a binary one stays binary). Only a Weibo
            info.plist, in UTF-8 or binary, is edited: another layout (a QQ/WeChat map...), another
            encoding, or XML the plist reader does not follow entry by entry is refused, untouched.

            emokit.json holds generate's defaults (packs ".", out "emokit-output" inside the folder);
            every key is described in Documentation/ConfigFile.md. Both files are written, or
            neither: an existing info.plist or emokit.json is never replaced without --force.

            Exit status: 0 written, 1 refused (a file in the way, no images, names to fix),
            2 usage error, 3 the folder could not be written.
            """,
        singlePositional: true)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard let path = arguments.positionals.first else { throw UsageError(message: "Missing expected argument '<folder>'") }
        let display = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let folder = URL(fileURLWithPath: path)
        let printer = DiagnosticPrinter(console)
        let update = arguments.has("update")
        if arguments.has("remove-missing") && !update { throw UsageError(message: "--remove-missing goes with --update") }
        if update && arguments.has("force") { throw UsageError(message: "--update keeps info.plist and --force replaces it: give one") }
        let pack: PackStarter
        do { pack = try PackStarter.scan(folder, display: display, names: try NamesFile.read(in: folder, display: display)) } catch {
            printer.print(error.diagnostics)
            return .inputError
        }
        if update {
            return InitUpdate.run(pack, display: display, removeMissing: arguments.has("remove-missing"), quiet: arguments.has("quiet"), printer: printer, console: console)
        }
        let written: [URL]
        do { written = try ProjectStarter(pack: pack, force: arguments.has("force")).write(display: display) } catch {
            printer.print(error.diagnostic)
            return error.isOutputFailure ? .outputError : .inputError
        }
        if !arguments.has("quiet") {
            printer.print(pack.notes.map { Diagnostic("init-skipped", .note, message: Diagnostic.Message($0)) })
            let count = pack.entries.count
            let names = written.map { "\(display)/\($0.lastPathComponent)" }
            // The folder's name is the user's (or a stranger's): escaped for the terminal.
            console.out(Escape.terminal("emokit: wrote \(names[0]) (\(count) emoticon\(count == 1 ? "" : "s")) and \(names[1])"))
            console.out(Escape.terminal("Next: emokit validate \(shellWord(display)), then emokit generate --config \(shellWord(names[1]))"))
        }
        return .success
    }

    /// `path` as one shell word, so the suggested commands can be pasted: quoted when it holds
    /// anything but letters, digits and `/._-+=:@,`.
    static func shellWord(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+=:@,".unicodeScalars.contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

import CSystem
import EmoticonPacks
import Foundation
import Imaging
import Pipeline
import TextMatching

/// The command line, callable in-process: `CLI.run(["inspect", "a.png"], console:)`.
/// It parses, dispatches to a command and reports; the work lives in the library modules.
public enum CLI {
    /// The page cache folder `generate` uses without `--cache` or `--no-cache`. The `emokit`
    /// executable sets it to the user's cache folder (`PageCacheLocation.userDefault()`); callers
    /// in-process (tests) get no cache unless they set it.
    @TaskLocal public static var userCache: URL?

    /// `run` as the `emokit` executable: with the user's page cache folder as the default.
    public static func runAsExecutable(_ arguments: [String]) -> Int32 {
        emk_tune_allocator()
        return $userCache.withValue(PageCacheLocation.userDefault()) { run(arguments, exitOnSignal: true) }
    }

    public static var version: String { EmokitResources.version }

    static let commands: [CommandSpec] = [GenerateCommand.spec, InitCommand.spec, InspectCommand.spec, MergeCommand.spec, ValidateCommand.spec, CompletionsCommand.spec]

    static var overview: String {
        var lines = [
            "OVERVIEW: emokit turns emoticon packs into sprite sheets, JSON manifests and an HTML preview",
            "for Weibo/WeChat-style emoticon keyboards.",
            "",
            "USAGE: emokit <subcommand>",
            "       emokit              (no arguments: generate the sample packs into ./emokit-output)",
            "",
            "OPTIONS:",
            "  --version".padding(30) + "Show the version.",
            "  -h, --help".padding(30) + "Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands { lines.append("  \(command.name)".padding(30) + command.abstract) }
        lines += [
            "", "  See 'emokit help <subcommand>' for detailed help.",
            "", "EXIT STATUS: 0 done, 1 an input was refused, 2 usage error, 3 the output could not be written.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `exitOnSignal`: the executable passes true, so SIGINT/SIGTERM during `generate` clean up
    /// and exit 130/143; in-process callers (tests) keep their own signal handling.
    public static func run(_ arguments: [String], console: Console = .standard, exitOnSignal: Bool = false) -> Int32 {
        let status: ExitCode
        guard let first = arguments.first else {
            return GenerateCommand.runDefault(console: console, exitOnSignal: exitOnSignal).rawValue
        }
        switch first {
        case "--version":
            console.out("emokit \(version) (libpng \(LibPNG.version))")
            return ExitCode.success.rawValue
        case "-h", "--help", "help":
            if first == "help", let name = arguments.dropFirst().first {
                guard let command = commands.first(where: { $0.name == name }) else { return unknownSubcommand(name, console: console) }
                console.out(command.helpText)
            } else {
                console.out(overview)
            }
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else { return unknownSubcommand(first, console: console) }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command)
            if parsed.has("help") {
                console.out(command.helpText)
                return ExitCode.success.rawValue
            }
            switch command.name {
            case InspectCommand.spec.name: status = try InspectCommand.run(parsed, console: console)
            case MergeCommand.spec.name: status = try MergeCommand.run(parsed, console: console, exitOnSignal: exitOnSignal)
            case CompletionsCommand.spec.name: status = try CompletionsCommand.run(parsed, commands: commands, console: console)
            case ValidateCommand.spec.name: status = try ValidateCommand.run(parsed, console: console)
            case InitCommand.spec.name: status = try InitCommand.run(parsed, console: console)
            default: status = try GenerateCommand.run(parsed, console: console, exitOnSignal: exitOnSignal)
            }
        } catch {
            console.error("Error: \(error.message)\nUsage: \(command.errorUsageLine)\n  See 'emokit \(command.name) --help' for more information.")
            return ExitCode.usage.rawValue
        }
        return status.rawValue
    }

    static func unknownSubcommand(_ name: String, console: Console) -> Int32 {
        var message = "Error: Unknown subcommand '\(name)'"
        if let suggestion = NameSuggestion.likely(name, among: commands.map(\.name) + ["help", "--help", "--version"]) {
            message += "\nHelp: Did you mean '\(suggestion)'?"
        }
        console.error(message + "\nUsage: emokit <subcommand>\n  See 'emokit --help' for more information.")
        return ExitCode.usage.rawValue
    }
}

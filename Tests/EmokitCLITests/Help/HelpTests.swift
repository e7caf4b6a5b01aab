import Testing

/// `--help`, `help <command>` and `--version`: what each prints.
struct HelpTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func helpAndVersion() {
        let help = run(["--help"])
        #expect(help.status == 0 && help.out.contains("SUBCOMMANDS:") && help.out.contains("generate") && help.out.contains("inspect"))
        let generateHelp = run(["generate", "--help"])
        #expect(generateHelp.status == 0 && generateHelp.out.contains("--widths <list>") && generateHelp.out.contains("USAGE: emokit generate <pack> ..."))
        #expect(run(["help", "inspect"]).out.contains("USAGE: emokit inspect"))
        let version = run(["--version"])
        #expect(version.status == 0 && version.out.hasPrefix("emokit 0.1.0 (libpng 1.6"))
    }

    /// `--compression` says what it does in product words.
    @Test func compressionHelpSpeaksOfSheets() {
        let help = run(["generate", "--help"]).out
        let line = help.split(separator: "\n").first { $0.hasPrefix("  --compression") }.map(String.init) ?? ""
        #expect(line.contains("smallest sheets") && line.contains("(default: 3") && !line.contains("release builds"), "\(line)")
    }
}

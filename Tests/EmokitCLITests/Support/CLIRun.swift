import EmokitCLI

/// The command line driven in-process with a recording console.
enum CLIRun {
    final class Recorder: @unchecked Sendable {
        var out = "", err = ""
        lazy var console = Console(out: { [unowned self] in self.out += $0 }, error: { [unowned self] in self.err += $0 })
    }

    /// Runs the CLI in-process with a recording console.
    static func invoke(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }
}

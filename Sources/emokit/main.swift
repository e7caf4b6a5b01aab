import EmokitCLI
import Foundation

exit(CLI.runAsExecutable(Array(CommandLine.arguments.dropFirst())))

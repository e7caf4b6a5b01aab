import Diagnostics
import Foundation
import OutputSeal
import OutputTransaction

extension SealStep {
    /// What a run killed between its output's swap and its archive's rename left: finished as
    /// `SealStep.recover` says, for `--archive` where `ArchiveLocation` resolves it. `generate`
    /// and `merge` call it with the output's lock held, before any work, so even a run that then
    /// fails leaves the output and the archive in agreement.
    static func recoverArchive(_ archive: URL?, output: OutputFolder) -> [Diagnostic] {
        guard let archive else { return [] }
        return recover(archive: ArchiveLocation.resolved(archive), output: output.destination)
    }
}

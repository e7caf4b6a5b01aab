import Foundation

/// emokit's version, and where the sample packs are for `emokit` run with no arguments (they
/// are not compiled in): `EMOKIT_HOME`, then the current folder, then the package this binary was
/// built from. Templates and the default delete icon are compiled into the binary
/// (`BundledTemplates`, `BundledAssets`), so a generate run reads nothing of emokit's own from disk.
public enum EmokitResources {
    public static let version = "0.1.0"

    /// The package this binary was built from (this file is `Sources/Pipeline/Run/EmokitResources.swift`).
    static let builtFrom = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var root: URL {
        var candidates: [URL] = []
        if let home = ProcessInfo.processInfo.environment["EMOKIT_HOME"], !home.isEmpty { candidates.append(URL(fileURLWithPath: home)) }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        candidates.append(builtFrom)
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Assets/SamplePacks").path) } ?? builtFrom
    }

    public static var samplePacks: URL { root.appendingPathComponent("Assets/SamplePacks") }
}

// swift-tools-version:6.0
import PackageDescription

// An app's view of emokit: this package depends on the EmoticonManifest product and nothing else,
// so it proves the library builds and works without libpng, the generator or the CLI.
// `.ci/test` runs it against a freshly generated output folder (EMOKIT_OUTPUT).
//
// A path dependency is named by its folder, so the emokit checkout's folder name is looked up
// rather than assumed (it is "emokit" in a fresh clone, but any name works).
let emokitRoot = Context.packageDirectory + "/../.."
let emokitIdentity = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "emokit").lowercased()

let package = Package(
    name: "ManifestConsumer",
    platforms: [.macOS(.v15), .iOS(.v15)],
    dependencies: [.package(path: emokitRoot)],
    targets: [
        .testTarget(
            name: "ManifestConsumerTests",
            dependencies: [.product(name: "EmoticonManifest", package: emokitIdentity)]
        )
    ]
)

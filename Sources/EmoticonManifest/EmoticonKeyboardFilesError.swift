import Foundation

/// Why `EmoticonKeyboardFiles` could not open a keyboard. Each case names the file (or image set)
/// and says what to change in the app; `description` is one line.
public enum EmoticonKeyboardFilesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder holds no manifest: neither `manifests/<width>.json` nor `<width>.json`.
    case noManifest(folder: String, folderExists: Bool)
    /// A flattened copy: the folder has `<width>.json` files, but none is an emokit manifest of
    /// the width in its name (an app's own `1.json`, say); `skipped` says why, one per file tried.
    case noManifestAmong(folder: String, skipped: [String])
    /// The manifest could not be read.
    case manifest(EmoticonKeyboardError)
    /// A file the keyboard draws from is not where the copy keeps it (`lookedAt`, nil when there
    /// is no folder to look in).
    case missingFile(path: String, what: String, lookedAt: String?)
    /// A flattened copy: two or more files the keyboard needs have this file name, and a folder
    /// holds only one of them.
    case sameNameInFlatCopy(name: String, paths: [String])
    /// Asset catalog: the manifest names no image set for this sheet (written without `--xcassets`).
    case noImageSet(file: String, what: String)
    /// Asset catalog: the app has no image set of this name.
    case missingImageSet(name: String, what: String)
    /// A scale was asked for that the manifest has no sheets at.
    case scaleNotGenerated(scale: Int, generated: [Int])
    /// A colour in the manifest is not `#RRGGBB`.
    case badColor(KeyboardPaletteError)

    /// The error as one line, ready to show or log.
    public var description: String {
        switch self {
        case .noManifest(let folder, let exists):
            guard exists else { return "\(folder): no such folder: pass the folder the app copied emokit's output into" }
            return
                "\(folder): no emokit manifest here (looked for manifests/<width>.json and <width>.json): pass the folder reference holding the output, or the bundle's resource folder when the files were copied flat"
        case .noManifestAmong(let folder, let skipped):
            return
                "\(folder): no emokit manifest among its <width>.json files (\(skipped.joined(separator: "; "))): copy the output's manifests/<width>.json into the app, or add the output folder as a folder reference"
        case .manifest(let error):
            return error.description
        case .missingFile(let path, let what, let lookedAt):
            guard let lookedAt else { return "\(path) (\(what)): no folder to look for it in: pass the output folder (variantsFolder:)" }
            return "\(path) (\(what)): not found at \(lookedAt): copy the whole output folder into the app (a folder reference keeps its folders)"
        case .sameNameInFlatCopy(let name, let paths):
            return
                "\(paths.first ?? name): the copy is flattened (every file in one folder), and \(paths.count) of the keyboard's sheets are named \(name) (\(paths.joined(separator: ", "))), so only one survives: add the output folder to the app as a folder reference (Xcode: \"Create folder references\") so its sheets keep their folders"
        case .noImageSet(let file, let what):
            return "\(file) (\(what)): the manifest names no asset catalog image set: generate with --xcassets, or open the output folder instead"
        case .missingImageSet(let name, let what):
            return "\(name) (\(what)): no such image set in the app: add the output's Emoticons.xcassets to the app target"
        case .scaleNotGenerated(let scale, let generated):
            return "scale \(scale): the manifest has sheets at \(generated.map { "@\($0)x" }.joined(separator: ", ")) only: generate with --scales including \(scale), or pick one of those"
        case .badColor(let error):
            return error.description
        }
    }
}

extension EmoticonKeyboardFilesError: LocalizedError {
    /// The same line as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

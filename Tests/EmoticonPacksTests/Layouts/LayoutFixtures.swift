import EmoticonPacks
import Foundation
import TestSupport

/// The chat apps' packs under `Tests/EmoticonPacksTests/Fixtures/` (see its README for where
/// each file comes from), read as a user reads them: by naming the folder.
enum LayoutFixtures {
    static let root = Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures")

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Reads `path` (a fixture, or an absolute path) with the default reader.
    static func read(_ path: String, lenient: Bool = false, choices: PackChoices = PackChoices()) throws(PackReader.Failure) -> PackReader.Result {
        try PackReader(lenient: lenient, choices: choices).read([path.hasPrefix("/") ? URL(fileURLWithPath: path) : url(path)])
    }

    /// The errors reading `path` gives, one line each (empty when it is read).
    static func errors(_ path: String, choices: PackChoices = PackChoices()) -> [String] {
        do {
            _ = try read(path, choices: choices)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// A temporary copy of a fixture folder, to change.
    static func copy(_ path: String, _ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent(url(path).lastPathComponent)
        try Fixtures.copy(url(path), to: folder)
        return folder
    }
}

extension Entry {
    /// The image file names the entry is drawn from (its variants, by scale).
    var imageFiles: [String] {
        guard case .image(let file) = content else { return [] }
        return file.variants.map(\.fileName)
    }

    var isGIF: Bool {
        guard case .image(let file) = content else { return false }
        return file.format == .gif
    }
}

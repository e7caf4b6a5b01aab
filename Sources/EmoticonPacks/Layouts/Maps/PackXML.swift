import Foundation
import TextEscaping

/// A small XML reader for the map files chat apps ship with their emoticons (Jabber's
/// `icondef.xml`, KDE's `emoticons.xml`, EiskaltDC++'s maps, XhsEmoticonsKeyboard's sets, and an
/// Adium plist's key order). Those files are plain XML: elements, attributes, text, comments.
///
/// Why not Foundation's `XMLParser`: on Linux it is FoundationXML over libxml2, a library emokit
/// does not otherwise depend on. And a pack is untrusted input: this reader expands no entity
/// but XML's five and numeric references, loads nothing from outside (a DOCTYPE with
/// declarations is refused, never read), and caps depth and element count.
///
/// Memory: the whole file is checked, but only what the layout reads is kept (`Selection`: the
/// elements, attributes and text it names), so a hostile file costs at most about its size
/// (already capped before reading) beside the bytes themselves. Keeping every element, attribute
/// and run of white space took about 150 MiB for 9.5 MB of attribute-heavy elements.
///
/// It scans UTF-8 bytes in place: markup bytes (`<`, `>`, `"`, `&`) never occur inside a
/// multi-byte UTF-8 sequence.
struct PackXML {
    /// One element: its name, the attributes its selection keeps (in file order), the child
    /// elements it keeps and the text directly inside it when kept (entities decoded, CDATA
    /// included, not trimmed).
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)] = []
        var children: [Element] = []
        var text = ""
        /// The line the element starts on, for messages.
        var line = 1

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        /// The children of that name; the kept children themselves (no copy) when all have it, as
        /// a selection usually leaves them (half a million KDE `<emoticon>`s were copied once more).
        func children(named name: String) -> [Element] {
            children.allSatisfy { $0.name == name } ? children : children.filter { $0.name == name }
        }
        func child(named name: String) -> Element? { children.first { $0.name == name } }
        /// The text trimmed of surrounding white space.
        var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// What a layout reads of an element: the attributes and text kept, and how each child is
    /// read. Everything else is checked (well-formed, entities known) and dropped as it is read.
    struct Selection: Sendable {
        var attributes: Set<String> = []
        var text = false
        /// Children read, by name.
        var children: [String: Selection] = [:]
        /// Children of other names.
        var others = Others.dropped

        enum Others: Sendable {
            /// Not kept.
            case dropped
            /// Kept by name only, without attributes, text or children (a plist `<dict>`'s values,
            /// read in pairs with their `<key>`s).
            case skeletons
            /// Read with this same selection, at any depth, and kept only when something is kept
            /// inside (an XhsEmoticonsKeyboard set's beans, wherever they are wrapped).
            case likeThis
        }

        init(attributes: Set<String> = [], text: Bool = false, children: [String: Selection] = [:], others: Others = .dropped) {
            self.attributes = attributes
            self.text = text
            self.children = children
            self.others = others
        }

        /// An element whose text is read.
        static let text = Selection(text: true)
    }

    static let maxDepth = 64
    static let maxElements = 500_000

    /// Why a file is refused: the line and what is wrong there.
    struct Failure: Error {
        let line: Int
        let reason: String
        var message: String { "line \(line): \(reason)" }
    }

    /// The root element of `data`, keeping what `selection` names (the root itself always).
    static func parse(_ data: Data, keeping selection: Selection) throws(Failure) -> Element {
        let result: Result<Element, Failure> = data.withUnsafeBytes { raw in
            var bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                return .failure(Failure(line: 1, reason: "the file is UTF-16; only UTF-8 is read"))
            }
            guard isUTF8(bytes) else { return .failure(Failure(line: 1, reason: "the file is not UTF-8 text")) }
            var scanner = Scanner(bytes: bytes)
            return Result { () throws(Failure) -> Element in try scanner.document(keeping: selection) }
        }
        return try result.get()
    }

    /// Whether `bytes` are well-formed UTF-8, checked without copying them.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

import Checksum
import Foundation
import KeyboardLayout
import OutputTransaction

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The page cache's note of the output folder it last finished: for each page key, the sheets it
/// wrote there (path, digest, sprites) and each file's identity as the file system saw it once the
/// run was done (device, inode, size, modification and change times). A rebuild that finds a
/// page's sheets still there, untouched since (the same identity), links them into the new output
/// as they are: nothing is read, checked or written again, so a run that changed nothing costs
/// little more than reading the packs.
///
/// Kept in the cache folder (`outputs-v1/<SHA-256 of the output's path>.txt`). Unlike a cache
/// entry, whose pixels are checked, a note is trusted like the output folder itself, so what it
/// takes to be used is narrow:
/// - it is read only when the cache folder, `outputs-v1` and the note are this user's and
///   writable by no one else (another local user cannot plant one);
/// - a file is used only if its device, inode, size and modification and change times (in
///   nanoseconds) are the ones recorded. A cache restored from elsewhere (CI, another branch)
///   holds another machine's numbers, which match nothing here, and the change time moves
///   whenever a file is written, renamed over or linked;
/// - the file must be this user's regular file with one link, reached without following a link,
///   and the page's icons must sit where the layout puts them.
/// Only this user, who can change the output folder anyway, can make a note point a page at
/// another of emokit's own sheets in this folder.
struct OutputIndex: Sendable {
    /// One page: the icons drawn (the same in every width's sheet) and its sheets.
    struct Page: Sendable {
        /// `(scale, cell, width, height)` of every icon drawn.
        var icons: [[Int]] = []
        var sheets: [Sheet] = []
    }

    struct Sheet: Sendable {
        var width: Int
        var scale: Int
        var bytes: Int
        var sha256: String
        var file: FileIdentity
        var path: String
    }

    /// What `lstat` says of a file; any write, rename over, link or unlink changes it.
    struct FileIdentity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64

        init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
            (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
        }

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
                modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
                changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
            #else
                modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
            #endif
        }
    }

    /// A source image's digest as of its identity (`stat`, following links: the file drawn).
    struct Source: Sendable {
        var sha256: String
        var file: FileIdentity

        static func identity(of path: String) -> FileIdentity? {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return FileIdentity(info)
        }

        /// Whether a file last changed long enough ago that a change in the same clock tick could
        /// not hide behind the same times (file systems keep change times in coarse ticks): a
        /// file changed in the last two seconds is digested again next time.
        static func settled(_ file: FileIdentity) -> Bool { file.changed < OutputIndex.now() - 2_000_000_000 }
    }

    static let folderName = "outputs-v1"
    /// The first line, naming this boot of the machine where there is a boot id (Linux): the
    /// note holds files' identities, not their bytes, and after a crash a file can keep its
    /// identity but lose its data (emokit does not `fsync`), so a note made before a reboot is
    /// not used: the next run checks its cache entries instead.
    static let header = "emokit output index 1" + (bootID.map { " boot " + $0 } ?? "")

    /// `/proc/sys/kernel/random/boot_id`: new at every boot; nil where there is none.
    static let bootID: String? = {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else { return nil }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return !id.isEmpty && id.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } ? id : nil
    }()
    /// A note takes about 150 bytes per sheet: far below this even for 10,000 pages.
    static let maxBytes = 256 << 20

    var pages: [String: Page] = [:]
    /// Source images by path, for the next run's page keys.
    var sources: [String: Source] = [:]

    /// The note's path inside the cache folder for the output at `destination`.
    static func relativePath(destination: URL) -> String {
        "\(folderName)/\(SHA256.hexDigest(Array(destination.standardizedFileURL.path.utf8))).txt"
    }

    /// The note for `destination`, if there is a readable one that only this user can have
    /// written: the cache folder, `outputs-v1` and the note itself this user's, and none of them
    /// writable by anyone else.
    static func load(cache root: URL, destination: URL) -> OutputIndex? {
        let relative = relativePath(destination: destination)
        for folder in [root.path, root.appendingPathComponent(folderName).path] {
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else { return nil }
        }
        guard let (fd, size) = try? UntrustedFolder.openChecked(relative, in: root, maxBytes: maxBytes) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, size - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            offset += n
        }
        return OutputIndex(bytes: bytes)
    }

    /// Writes the note for the finished output (after the swap: linking and the removal of the
    /// previous output change the files' change times). Failures only cost the next run speed.
    static func save(_ pages: [String: Page], sources: [String: Source] = [:], cache root: URL, destination: URL) {
        let note = OutputIndex(pages: pages, sources: sources)
        CachedPage.save(data: Data(note.bytes), to: root.appendingPathComponent(relativePath(destination: destination)), below: root)
    }

    init(pages: [String: Page], sources: [String: Source] = [:]) {
        self.pages = pages
        self.sources = sources.filter { !$0.key.contains("\n") }
    }

    /// Lines: the header; `source SHA256 DEVICE INODE SIZE MODIFIED CHANGED PATH` per source
    /// image; `page KEY`, then its `icon SCALE CELL WIDTH HEIGHT` and
    /// `sheet WIDTH SCALE BYTES SHA256 DEVICE INODE SIZE MODIFIED CHANGED PATH` lines. Plain text
    /// read by splitting on spaces: a note of thousands of sheets reads in milliseconds.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `text`'s bytes, made without string interpolation (a note has thousands of lines, and it is
    /// written at the end of every run with a cache).
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + sources.count * 160 + pages.count * 20 * 160)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func put(_ number: some BinaryInteger) { put(String(number)) }
        func identity(_ f: FileIdentity) {
            for n in [f.device, f.inode] {
                put(n)
                out.append(UInt8(ascii: " "))
            }
            for n in [f.size, f.modified, f.changed] {
                put(n)
                out.append(UInt8(ascii: " "))
            }
        }
        put(Self.header + "\n")
        for path in sources.keys.sorted() {
            let s = sources[path]!
            put("source " + s.sha256 + " ")
            identity(s.file)
            put(path + "\n")
        }
        for key in pages.keys.sorted() {
            let page = pages[key]!
            put("page " + key + "\n")
            for icon in page.icons {
                put("icon")
                for n in icon {
                    out.append(UInt8(ascii: " "))
                    put(n)
                }
                out.append(UInt8(ascii: "\n"))
            }
            for s in page.sheets {
                put("sheet ")
                for n in [s.width, s.scale, s.bytes] {
                    put(n)
                    out.append(UInt8(ascii: " "))
                }
                put(s.sha256 + " ")
                identity(s.file)
                put(s.path + "\n")
            }
        }
        return out
    }

    /// Parses `text`; nil when anything is out of shape (the note is then ignored whole).
    init?(text: String) { self.init(bytes: Array(text.utf8)) }

    /// Parses the note's bytes a line at a time, fields split on spaces (the last field of a
    /// line, a path, keeps its spaces). Byte-level: a note of thousands of lines is read before
    /// the first page is rendered, so its parse is on every rebuild's critical path.
    init?(bytes: [UInt8]) {
        let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")
        var start = 0
        var key: String?
        var first = true
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            defer { start = end + 1 }
            let line = bytes[start..<end]
            if first {
                guard line.elementsEqual(Self.header.utf8) else { return nil }
                first = false
                continue
            }
            if line.isEmpty { continue }
            // Up to `limit` fields; the last one takes the rest of the line.
            func fields(_ limit: Int) -> [ArraySlice<UInt8>] {
                var out: [ArraySlice<UInt8>] = []
                var from = line.startIndex
                while out.count < limit - 1, let gap = line[from...].firstIndex(of: space) {
                    out.append(line[from..<gap])
                    from = gap + 1
                }
                out.append(line[from...])
                return out
            }
            func number(_ field: ArraySlice<UInt8>) -> Int64? {
                var value: Int64 = 0
                var digits = field[...]
                let negative = digits.first == UInt8(ascii: "-")
                if negative { digits = digits.dropFirst() }
                guard !digits.isEmpty, digits.count <= 19 else { return nil }
                for byte in digits {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflowedToo) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                    guard !overflowed, !overflowedToo else { return nil }
                    value = sum
                }
                return negative ? -value : value
            }
            func text(_ field: ArraySlice<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
            func identity(_ f: [ArraySlice<UInt8>], from i: Int) -> FileIdentity? {
                guard let device = number(f[i]), let inode = number(f[i + 1]), let size = number(f[i + 2]), let modified = number(f[i + 3]),
                    let changed = number(f[i + 4]), device >= 0, inode >= 0
                else { return nil }
                return FileIdentity(device: UInt64(device), inode: UInt64(inode), size: size, modified: modified, changed: changed)
            }
            let kind = line.prefix { $0 != space }
            switch String(decoding: kind, as: UTF8.self) {
            case "source":
                let f = fields(8)
                guard f.count == 8, f[1].count == 64, let file = identity(f, from: 2), !f[7].isEmpty else { return nil }
                sources[text(f[7])] = Source(sha256: text(f[1]), file: file)
            case "page":
                let f = fields(3)
                guard f.count == 2, f[1].count == 64 else { return nil }
                key = text(f[1])
                pages[key!] = Page()
            case "icon":
                let f = fields(6)
                let numbers = f.dropFirst().compactMap { number($0).map(Int.init) }
                guard let key, f.count == 5, numbers.count == 4, numbers.allSatisfy({ (0...(1 << 20)).contains($0) }) else { return nil }
                pages[key]!.icons.append(numbers)
            case "sheet":
                let f = fields(11)
                guard let key, f.count == 11, let width = number(f[1]), let scale = number(f[2]), let bytes = number(f[3]), f[4].count == 64,
                    let file = identity(f, from: 5), !f[10].isEmpty
                else { return nil }
                pages[key]!.sheets.append(Sheet(width: Int(width), scale: Int(scale), bytes: Int(bytes), sha256: text(f[4]), file: file, path: text(f[10])))
            default:
                return nil
            }
        }
        if first { return nil }
    }

    /// The identity of `relative` in `folder` now (one `lstat`), or nil when it is not this
    /// user's regular file with one link, or was modified at or after `before` (nanoseconds):
    /// a file emokit wrote or linked was last modified before the swap began, so a later change
    /// is someone else's and the file is not noted. A run that uses the note opens the file
    /// through no link and checks it again.
    static func identity(of relative: String, in folder: URL, modifiedBefore before: Int64) -> FileIdentity? {
        var info = stat()
        guard lstat(folder.path + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1, info.st_uid == geteuid() else { return nil }
        let identity = FileIdentity(info)
        return identity.modified < before ? identity : nil
    }

    /// Now, in the nanoseconds of `FileIdentity`.
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Links the page's recorded sheets from the previous output into staging and returns the page
    /// as the renderer would have, when every sheet the settings ask for is recorded under `key`
    /// and untouched; nil otherwise (the caller goes on to the cache entry).
    func reuse(key: String, expectation: CacheEntry.Expectation, tab: String, page index: Int, output: OutputFolder) -> Generator.RenderedPage? {
        guard let recorded = pages[key] else { return nil }
        let sheets = recorded.sheets, wanted = expectation.sheets
        guard sheets.count == wanted.count, zip(sheets, wanted).allSatisfy({ $0.width == $1.width && $0.scale == $1.scale }) else { return nil }
        // The icons must sit where the layout puts icons of their sizes, in every sheet; their
        // numbers are checked before any geometry is computed from them.
        let columns = expectation.grid.columns
        let largest = wanted.map { expectation.geometry(width: $0.width, scale: $0.scale) }
        guard
            recorded.icons.allSatisfy({ icon in
                (0..<expectation.grid.cellsPerPage).contains(icon[1])
                    && largest.allSatisfy { (1...$0.pixelWidth).contains(icon[2]) && (1...$0.pixelHeight).contains(icon[3]) }
            })
        else { return nil }
        for sheet in sheets {
            let geometry = expectation.geometry(width: sheet.width, scale: sheet.scale)
            let sprites = recorded.icons.filter { $0[0] == sheet.scale }.map { icon in
                let rect = geometry.spriteRect(row: icon[1] / max(1, columns), column: icon[1] % max(1, columns), width: icon[2], height: icon[3])
                return [icon[1], rect.x, rect.y, icon[2], icon[3]]
            }
            guard CacheEntry.spriteProblem(sprites, grid: expectation.grid, geometry: geometry) == nil else { return nil }
        }
        guard recorded.icons.allSatisfy({ expectation.scales.contains($0[0]) }) else { return nil }
        // Every file first, so a page is linked whole or not at all.
        var opened: [(fd: Int32, sheet: Sheet)] = []
        defer { for (fd, _) in opened { close(fd) } }
        for sheet in sheets {
            guard let (fd, info) = output.openPrevious(sheet.path) else { return nil }
            opened.append((fd, sheet))
            guard FileIdentity(info) == sheet.file, Int(info.st_size) == sheet.bytes else { return nil }
        }
        var page = Generator.RenderedPage()
        var linked: [String] = []
        for (fd, sheet) in opened {
            let path = Generator.sheetPath(tab: tab, width: sheet.width, page: index, scale: sheet.scale)
            guard let digest = Generator.RenderedPage.Digest(hex: sheet.sha256), (try? output.link(fd: fd, to: path)) == true else {
                // Whole or not at all: the renderer writes these paths next.
                for done in linked { unlink(output.staging.appendingPathComponent(done).path) }
                return nil
            }
            linked.append(path)
            page.sheets.append(.init(key: Generator.SheetKey(width: sheet.width, scale: sheet.scale), sha256: digest, bytes: sheet.bytes))
        }
        for icon in recorded.icons { page.noteIcon(cell: icon[1], scale: icon[0], width: icon[2], height: icon[3]) }
        page.cache = .reused
        return page
    }
}

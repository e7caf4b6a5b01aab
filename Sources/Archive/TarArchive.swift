import Foundation

/// Writes a folder as a gzip-compressed tar archive whose bytes depend only on the folder's
/// relative paths and file contents: entries sorted by path (bytewise), directories `0755` and
/// files `0644`, owner and group 0 with empty names, mtime 0, no device or user data from the
/// machine, and a gzip header without timestamp or name. Entries are POSIX ustar; a path that
/// does not fit ustar's 100-byte name field, or is not ASCII, gets a pax extended header (`path=`)
/// first, which GNU tar, bsdtar and Python's `tarfile` all read.
///
/// Paths in the archive are relative to the folder (`index.html`, `sheets/faces/…`), with no
/// leading folder name: extract into a folder of your choosing.
public enum TarArchive {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// One archive member: a folder (`isDirectory`) or a regular file, by path relative to the root.
    public struct Member: Sendable, Equatable {
        public let path: String
        public let isDirectory: Bool
    }

    /// Archives everything under `folder` into `archive`, a new file: an existing file or
    /// symbolic link at that path is refused (it may sit where others can write).
    public static func write(folder: URL, to archive: URL, level: Int32 = 9) throws(Failure) {
        let members = try members(of: folder)
        let gzip: GzipFile
        do { gzip = try GzipFile(path: archive.path, level: level) } catch { throw Failure(path: archive.path, reason: error.description) }
        do {
            var written = 0
            for member in members {
                if member.isDirectory {
                    let record = entry(path: member.path + "/", isDirectory: true, contents: [])
                    try gzip.write(record)
                    written += record.count
                } else {
                    written += try stream(folder.appendingPathComponent(member.path), as: member.path, into: gzip)
                }
            }
            // Two zero blocks end the archive; pad to a whole 10 KiB record like tar(1) does.
            var end = [UInt8](repeating: 0, count: 1024)
            let record = 10240
            let total = written + end.count
            if total % record != 0 { end += [UInt8](repeating: 0, count: record - total % record) }
            try gzip.write(end)
            try gzip.finish()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(path: archive.path, reason: "\(error)")
        }
    }

    /// Every folder and regular file under `root`, sorted bytewise by relative path (so a folder
    /// always comes before its contents). Symbolic links and special files are refused.
    public static func members(of root: URL) throws(Failure) -> [Member] {
        // readdir's entry types rather than a stat per file through FileManager: the seal walks
        // every output before the swap (thousands of sheets at nine widths).
        var members: [Member] = []
        var pending = [""]
        let rootPath = root.path
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? rootPath : rootPath + "/" + relative
            guard let dir = opendir(folder) else {
                throw Failure(path: folder, reason: "cannot list (\(String(cString: strerror(errno))))")
            }
            defer { closedir(dir) }
            while true {
                // readdir returns nil at the end and on an error: errno tells them apart.
                errno = 0
                guard let entry = readdir(dir) else {
                    if errno != 0 { throw Failure(path: folder, reason: "cannot list (\(String(cString: strerror(errno))))") }
                    break
                }
                let (name, kind) = withUnsafePointer(to: &entry.pointee.d_name) { name in
                    name.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { (String(cString: $0), entry.pointee.d_type) }
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var type = Int32(kind)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    let mode = lstat(rootPath + "/" + path, &info) == 0 ? info.st_mode & S_IFMT : 0
                    type = mode == S_IFDIR ? Int32(DT_DIR) : mode == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
                }
                switch type {
                case Int32(DT_DIR):
                    members.append(Member(path: path, isDirectory: true))
                    pending.append(path)
                case Int32(DT_REG):
                    members.append(Member(path: path, isDirectory: false))
                default:
                    throw Failure(path: rootPath + "/" + path, reason: "not a regular file or folder; cannot archive it")
                }
            }
        }
        return members.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The header block(s) and padded contents of one member.
    static func entry(path: String, isDirectory: Bool, contents: [UInt8]) -> [UInt8] {
        headers(path: path, isDirectory: isDirectory, size: contents.count) + padded(contents)
    }

    /// The header block(s) of a member of `size` bytes (a pax header first when the name or size
    /// does not fit ustar's fields).
    static func headers(path: String, isDirectory: Bool, size: Int) -> [UInt8] {
        let name = Array(path.utf8)
        var out: [UInt8] = []
        let fitsUstar = name.count <= 100 && name.allSatisfy { $0 < 0x80 }
        let sizeLimit = 0o77777777777
        if !fitsUstar || size > sizeLimit {
            var records = ""
            if !fitsUstar { records += paxRecord("path", path) }
            if size > sizeLimit { records += paxRecord("size", "\(size)") }
            let body = Array(records.utf8)
            out += header(name: Array("PaxHeader".utf8), type: UInt8(ascii: "x"), mode: 0o644, size: body.count)
            out += padded(body)
        }
        let shortName = fitsUstar ? name : Array(name.filter { $0 < 0x80 }.suffix(100))
        out += header(
            name: shortName, type: isDirectory ? UInt8(ascii: "5") : UInt8(ascii: "0"),
            mode: isDirectory ? 0o755 : 0o644, size: min(size, sizeLimit))
        return out
    }

    /// A file's member written a megabyte at a time (a 60 MB animation is never in memory whole,
    /// nor copied twice as it was: three times its size for the archive step); the bytes written.
    static func stream(_ file: URL, as path: String, into gzip: GzipFile) throws -> Int {
        guard let handle = fopen(file.path, "rb") else { throw Failure(path: file.path, reason: "cannot read (\(String(cString: strerror(errno))))") }
        defer { fclose(handle) }
        var info = stat()
        guard fstat(fileno(handle), &info) == 0 else { throw Failure(path: file.path, reason: "cannot read (\(String(cString: strerror(errno))))") }
        let size = Int(info.st_size)
        let head = headers(path: path, isDirectory: false, size: size)
        try gzip.write(head)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var left = size
        while left > 0 {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min(left, $0.count), handle) }
            if count == 0 { throw Failure(path: file.path, reason: "cannot read (the file ended early or changed while being archived)") }
            try gzip.write(count == buffer.count ? buffer : Array(buffer[..<count]))
            left -= count
        }
        let padding = (512 - size % 512) % 512
        if padding > 0 { try gzip.write([UInt8](repeating: 0, count: padding)) }
        return head.count + size + padding
    }

    /// A pax record: `"<length> <key>=<value>\n"`, where the length counts the whole record.
    static func paxRecord(_ key: String, _ value: String) -> String {
        let rest = " \(key)=\(value)\n".utf8.count
        var length = rest + 1
        while "\(length)".count + rest != length { length += 1 }
        return "\(length) \(key)=\(value)\n"
    }

    static func header(name: [UInt8], type: UInt8, mode: Int, size: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at offset: Int, width: Int) {
            for (i, byte) in bytes.prefix(width).enumerated() { block[offset + i] = byte }
        }
        func octal(_ value: Int, at offset: Int, width: Int) {
            let digits = String(value, radix: 8)
            put(Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8), at: offset, width: width - 1)
        }
        put(name, at: 0, width: 100)
        octal(mode, at: 100, width: 8)
        octal(0, at: 108, width: 8)  // uid
        octal(0, at: 116, width: 8)  // gid
        octal(size, at: 124, width: 12)
        octal(0, at: 136, width: 12)  // mtime
        block[156] = type
        put(Array("ustar".utf8), at: 257, width: 6)  // magic "ustar\0"
        put(Array("00".utf8), at: 263, width: 2)  // version
        // uname and gname stay empty; devmajor/devminor zero.
        octal(0, at: 329, width: 8)
        octal(0, at: 337, width: 8)
        // The checksum is computed with its own field as spaces, stored as 6 octal digits, NUL, space.
        for i in 148..<156 { block[i] = UInt8(ascii: " ") }
        let sum = block.reduce(0) { $0 + Int($1) }
        let digits = String(sum, radix: 8)
        put(Array((String(repeating: "0", count: max(0, 6 - digits.count)) + digits).utf8), at: 148, width: 6)
        block[154] = 0
        block[155] = UInt8(ascii: " ")
        return block
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes.count % 512 == 0 ? bytes : bytes + [UInt8](repeating: 0, count: 512 - bytes.count % 512)
    }
}

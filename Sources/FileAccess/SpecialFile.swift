import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RegularFile {
    /// What is at `url` (following symbolic links) when it is there but is neither a regular file
    /// nor a folder: "a named pipe (FIFO)", "a device", "a socket". nil for a regular file, a
    /// folder or nothing. Asked of a candidate pack file before it is judged by its content (the
    /// first kilobyte of an XML map): such a file is named as the pack's file, so reading it
    /// fails saying what it is (`is a named pipe (FIFO), not a regular file`) instead of the
    /// folder being passed over or read as something else. Nothing is opened.
    public static func specialKind(of url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFDIR ? nil : kindName(info.st_mode)
    }
}

import Imaging
import Testing

/// PNG and GIF refusals share one shape (`ImageFileError`): the path first, then the reason, in
/// the same words for the reasons both formats have. These are the lines users see.
struct ImageFileErrorTests {
    func line(_ error: some ImageFileError) -> String { error.description }

    @Test func sharedReasonsReadTheSameForBothFormats() {
        #expect(line(PNGError(path: "a/b.png", reason: .unreadable("Permission denied"))) == "a/b.png: cannot read file (Permission denied)")
        #expect(line(GIFError(path: "a/b.gif", reason: .unreadable("Permission denied"))) == "a/b.gif: cannot read file (Permission denied)")
        #expect(line(PNGError(path: "x.png", reason: .empty)) == "x.png: not a PNG file (empty, 0 bytes)")
        #expect(line(GIFError(path: "x.gif", reason: .empty)) == "x.gif: not a GIF file (empty, 0 bytes)")
        #expect(line(PNGError(path: "x.png", reason: .outOfMemory)) == "x.png: out of memory while decoding")
        #expect(line(GIFError(path: "x.gif", reason: .outOfMemory)) == "x.gif: out of memory while decoding")
    }

    @Test func eachFormatKeepsItsOwnReasons() {
        #expect(line(PNGError(path: "x.png", reason: .truncated(detail: nil))) == "x.png: truncated PNG: the file ends before the image is complete")
        #expect(line(GIFError(path: "x.gif", reason: .truncated)) == "x.gif: truncated GIF: the file ends before the animation is complete")
        #expect(line(PNGError(path: "x.png", reason: .corrupt("IHDR: CRC error"))) == "x.png: corrupt PNG: IHDR: CRC error (checksum mismatch: the file is damaged)")
        #expect(line(GIFError(path: "x.gif", reason: .tooManyFrames(limit: 4))) == "x.gif: GIF has more than 4 frames")
        #expect(PNGError(path: "x.png", reason: .empty).reasonText == "not a PNG file (empty, 0 bytes)")
    }
}

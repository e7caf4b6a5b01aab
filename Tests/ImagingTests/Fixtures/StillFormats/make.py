#!/usr/bin/env python3
"""Makes the JPEG, WebP and BMP fixtures of StillFormatTests from one drawn source (Pillow).

Run once; the files are committed. `source.png` is the truth for the lossless files; for the
lossy ones `*.reference.png` is Pillow's own decode of the file (its bundled libjpeg-turbo and
libwebp), which emokit's decode must match within a small tolerance.
"""
import struct
from PIL import Image, ImageDraw

W, H = 24, 20
src = Image.new("RGBA", (W, H), (0, 0, 0, 0))
d = ImageDraw.Draw(src)
for y in range(H):
    for x in range(W):
        src.putpixel((x, y), (x * 10, y * 12, 200 - x * 5, 255 if x < 16 else (x - 16) * 30))
d.ellipse((4, 4, 14, 14), fill=(250, 200, 10, 255))
src.save("source.png")
opaque = src.convert("RGB")

src.save("lossless-alpha.webp", lossless=True)
opaque.save("lossy.webp", quality=80)
Image.open("lossy.webp").convert("RGBA").save("lossy.webp.reference.png")
frame2 = Image.new("RGBA", (W, H), (255, 0, 0, 255))
src.save("animated.webp", save_all=True, append_images=[frame2], lossless=True, duration=100, loop=0)

opaque.save("baseline.jpg", quality=90)
opaque.save("progressive.jpg", quality=90, progressive=True)
opaque.convert("L").save("grey.jpg", quality=90)
for name in ("baseline.jpg", "progressive.jpg", "grey.jpg"):
    Image.open(name).convert("RGBA").save(name + ".reference.png")
cmyk = Image.new("CMYK", (16, 8), (0, 0, 0, 0))
for x in range(8):
    for y in range(8):
        cmyk.putpixel((x, y), (255, 0, 0, 0))        # cyan
        cmyk.putpixel((x + 8, y), (0, 0, 0, 255))    # black
cmyk.save("cmyk.jpg", quality=100)
data = open("baseline.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])
data = open("lossy.webp", "rb").read()
open("truncated.webp", "wb").write(data[: len(data) - 20])

opaque.save("rgb24.bmp")
src.convert("P", palette=Image.ADAPTIVE, colors=64).save("palette8.bmp")
Image.open("palette8.bmp").convert("RGBA").save("palette8.bmp.reference.png")
src.convert("1").save("mono1.bmp")
Image.open("mono1.bmp").convert("RGBA").save("mono1.bmp.reference.png")
src.save("rgba32.bmp")

def bmp(width, height, bits, pixels, compression=0, offset=None, info=40, masks=b""):
    """A hand-made bitmap: header fields as given, for the top-down and hostile cases."""
    off = 14 + info + len(masks) if offset is None else offset
    header = struct.pack("<IiiHHIIiiII", info, width, height, 1, bits, compression, len(pixels), 2835, 2835, 0, 0)
    header += b"\0" * (info - 40)
    body = header + masks + pixels
    return b"BM" + struct.pack("<IHHI", 14 + len(body), 0, 0, off) + body

# Top-down 24-bit: height negative, first stored row is the top one. 2x2: red green / blue white.
rows = bytes([0, 0, 255, 0, 255, 0, 0, 0]) + bytes([255, 0, 0, 255, 255, 255, 0, 0])
open("topdown24.bmp", "wb").write(bmp(2, -2, 24, rows))
# 16-bit with 5-6-5 masks (BI_BITFIELDS): one pixel each of pure red, green, blue, white.
px = struct.pack("<HHHH", 0xF800, 0x07E0, 0x001F, 0xFFFF)
open("rgb565.bmp", "wb").write(bmp(4, 1, 16, px, compression=3, masks=struct.pack("<III", 0xF800, 0x07E0, 0x001F)))
# Hostile: a 100000 x 100000 header on a few bytes; pixel data offset past the end; RLE8.
open("huge.bmp", "wb").write(bmp(100000, 100000, 24, b"\0" * 16))
open("offset-outside.bmp", "wb").write(bmp(2, 2, 24, b"\0" * 16, offset=4096))
open("rle8.bmp", "wb").write(bmp(2, 2, 8, b"\0" * 16, compression=1))
open("short-rows.bmp", "wb").write(bmp(64, 64, 24, b"\0" * 100))

# Solid colours, one per format, for the end-to-end runs (a sprite's centre pixel is its file's).
Image.new("RGB", (40, 40), (220, 30, 30)).save("solid-red.jpg", quality=95)
Image.new("RGBA", (40, 40), (30, 200, 40, 255)).save("solid-green.webp", lossless=True)
Image.new("RGB", (40, 40), (20, 40, 210)).save("solid-blue.bmp")

# Bitmaps whose alpha a reader gets wrong when it trusts the wrong bytes (Pillow draws all opaque).
# 32-bit bit masks R/G/B = FF000000/00FF0000/0000FF00 and no alpha mask: the free byte is the low
# one (0 here), so the image is opaque; one green pixel.
open("masks-no-alpha32.bmp", "wb").write(bmp(1, 1, 32, struct.pack("<I", 0x00FF0000), compression=3,
                                               masks=struct.pack("<III", 0xFF000000, 0x00FF0000, 0x0000FF00)))
# A V4 header (108 bytes) on a plain 16-bit bitmap, its alpha mask field 0xFF000000: plain bitmaps
# ignore header masks, so this is 5-5-5 white, opaque.
v4 = struct.pack("<IiiHHIIiiII", 108, 1, 1, 1, 16, 0, 2, 2835, 2835, 0, 0) + struct.pack("<IIII", 0x7C00, 0x3E0, 0x1F, 0xFF000000) + b"\0" * 52
open("v4-plain16.bmp", "wb").write(b"BM" + struct.pack("<IHHI", 14 + len(v4) + 4, 0, 0, 14 + len(v4)) + v4 + struct.pack("<HH", 0x7FFF, 0))
# A V5 header (124 bytes) on a plain 32-bit X8R8G8B8 bitmap, every fourth byte 0: opaque.
v5 = struct.pack("<IiiHHIIiiII", 124, 2, 1, 1, 32, 0, 8, 2835, 2835, 0, 0) + struct.pack("<IIII", 0xFF0000, 0xFF00, 0xFF, 0xFF000000) + b"\0" * 68
open("v5-x8r8g8b8.bmp", "wb").write(b"BM" + struct.pack("<IHHI", 14 + len(v5) + 8, 0, 0, 14 + len(v5)) + v5 + struct.pack("<II", 0x000000FF, 0x00FF0000))
# JPEGs every viewer draws though libjpeg warns: three junk bytes before the scan, JFIF 2.01.
data = open("baseline.jpg", "rb").read()
sos = data.index(b"\xff\xda")
open("extraneous-bytes.jpg", "wb").write(data[:sos] + b"\x01\x02\x03" + data[sos:])
app0 = data.index(b"JFIF\0")
open("jfif-2.01.jpg", "wb").write(data[:app0 + 5] + b"\x02\x01" + data[app0 + 7:])
# A GIF named .jpg.
Image.new("P", (4, 4)).save("gif-named.jpg", format="GIF")
# Past the whole-decode limit (2048 x 2048): a WebP and a progressive JPEG are refused; a
# baseline JPEG of the same size is read a row at a time.
Image.new("RGB", (2100, 2100), (90, 90, 200)).save("big.webp", lossless=True)
Image.new("RGB", (2100, 2100), (90, 90, 200)).save("big-progressive.jpg", quality=20, progressive=True)
Image.new("RGB", (2100, 2100), (90, 90, 200)).save("big-baseline.jpg", quality=20)

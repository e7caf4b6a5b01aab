#!/usr/bin/env python3
"""An independent PNG decoder for the encoder tests: Pillow reads each file given and prints
`path<TAB>WIDTHxHEIGHT<TAB>sha256 of the RGBA8 pixels` (row-major, top row first, no padding),
the same digest emokit's tests compute from the image they encoded."""
import hashlib
import sys

from PIL import Image

for path in sys.argv[1:]:
    with Image.open(path) as image:
        image.load()
        rgba = image.convert("RGBA")
        print(f"{path}\t{rgba.width}x{rgba.height}\t{hashlib.sha256(rgba.tobytes()).hexdigest()}")

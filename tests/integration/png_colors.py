#!/usr/bin/env python3
"""png_colors.py - what a PNG screenshot shows, for the browser tests:
its size, and how many pixels are not white, are the report's red (the
change-point marks, #b00020) and its blue (the runs, #1f5fbf).
A PNG of 8 bits a channel (RGB or RGBA), decoded with zlib and struct
alone: the five row filters of the PNG specification, no library.
usage: png_colors.py FILE -> "WIDTH HEIGHT NONWHITE RED BLUE"
"""
import struct
import sys
import zlib


def rows(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG: " + path)
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise SystemExit("unsupported PNG: depth %d color %d" % (depth, color))
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw, stride, prev, out = zlib.decompress(idat), w * bpp, None, []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prev = prev or bytearray(stride)
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(line)
        prev = line
    return w, h, bpp, out


def near(px, rgb, tol=40):
    return all(abs(px[i] - rgb[i]) <= tol for i in range(3))


w, h, bpp, image = rows(sys.argv[1])
nonwhite = red = blue = 0
for line in image:
    for x in range(0, len(line), bpp):
        px = line[x:x + 3]
        nonwhite += min(px) < 245
        red += near(px, (0xb0, 0x00, 0x20))
        blue += near(px, (0x1f, 0x5f, 0xbf))
print(w, h, nonwhite, red, blue)

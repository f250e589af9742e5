#!/usr/bin/env python3
"""Draws build/icon.png (512x512): a barcode on a white label on a blue rounded square.

Standard library only (zlib, struct), so the icon can be regenerated anywhere:
    python3 build/make-icon.py
"""
import os
import struct
import zlib

SIZE = 512
BLUE = (11, 92, 173)
WHITE = (255, 255, 255)
INK = (24, 32, 44)
SAMPLES = 4  # per axis, for smooth rounded corners

# Bar widths (in units) alternating bar / gap, loosely shaped like an EAN-13 code with guard bars.
PATTERN = [1, 1, 1, 1, 2, 1, 1, 3, 2, 1, 1, 2, 3, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 3, 1, 1, 2, 2, 1, 1, 1, 1, 1]


def inside_rounded_rect(x, y, left, top, right, bottom, radius):
    if x < left or x >= right or y < top or y >= bottom:
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def bars():
    left, right = 128, 384
    units = sum(PATTERN)
    unit = (right - left) / units
    spans, position = [], left
    for index, width in enumerate(PATTERN):
        end = position + width * unit
        if index % 2 == 0:
            spans.append((position, end))
        position = end
    return spans


BARS = bars()
GUARDS = {0, 1, len(BARS) // 2, len(BARS) - 1}


def colour_at(x, y):
    """The colour of a point, or None outside the icon."""
    if not inside_rounded_rect(x, y, 16, 16, 496, 496, 96):
        return None
    if not inside_rounded_rect(x, y, 88, 120, 424, 392, 28):
        return BLUE
    for index, (start, end) in enumerate(BARS):
        bottom = 360 if index in GUARDS else 340
        if start <= x < end and 152 <= y < bottom:
            return INK
    return WHITE


def pixel(px, py):
    totals, covered = [0, 0, 0], 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            colour = colour_at(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)
            if colour is not None:
                covered += 1
                for channel in range(3):
                    totals[channel] += colour[channel]
    if covered == 0:
        return (0, 0, 0, 0)
    alpha = round(255 * covered / (SAMPLES * SAMPLES))
    return tuple(round(total / covered) for total in totals) + (alpha,)


def png(width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xFFFFFFFF)

    raw = b''.join(b'\x00' + bytes(value for rgba in row for value in rgba) for row in rows)
    header = struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')


def main():
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'icon.png')
    with open(target, 'wb') as out:
        out.write(png(SIZE, SIZE, rows))
    print(f'wrote {target}')


if __name__ == '__main__':
    main()

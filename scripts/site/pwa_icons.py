"""Draws the app icons (a white spade on the theme's indigo) as PNG files, without an image library.

Run once when the design changes: `python -m scripts.site.pwa_icons` writes docs/assets/pwa/icon-<size>.png.
"""

from __future__ import annotations

from scripts.paths import ASSETS

import struct
import zlib

ICON_DIR = ASSETS / "pwa"
ICON_SIZES = (192, 512)
BACKGROUND = (0x3F, 0x51, 0xB5)  # Material's indigo, the site's primary colour
FOREGROUND = (0xFF, 0xFF, 0xFF)
SUPERSAMPLE = 4  # sub-pixels per axis, for smooth edges


def spade_covers(x: float, y: float) -> bool:
    """Whether the point (x, y) of the unit square (y pointing down) lies on the spade."""
    # Body: the heart curve (u² + v² − 1)³ − u²v³ ≤ 0 drawn upside down (point up, lobes down).
    u, v = (x - 0.5) / 0.25, (y - 0.42) / 0.25
    if (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0:
        return True
    # Stem: a triangle from the middle of the lobes down to a base.
    if 0.55 <= y <= 0.86:
        half_width = 0.012 + (y - 0.55) * 0.42
        return abs(x - 0.5) <= half_width
    return False


def render_icon(size: int) -> list[bytes]:
    """Rows of RGB bytes for a square icon with the spade over a quarter of its safe zone."""
    rows = []
    n = SUPERSAMPLE
    for py in range(size):
        row = bytearray()
        for px in range(size):
            hits = sum(
                spade_covers((px + (i + 0.5) / n) / size, (py + (j + 0.5) / n) / size)
                for i in range(n)
                for j in range(n)
            )
            alpha = hits / (n * n)
            row += bytes(round(b + (f - b) * alpha) for b, f in zip(BACKGROUND, FOREGROUND))
        rows.append(bytes(row))
    return rows


def encode_png(rows: list[bytes], size: int) -> bytes:
    """A minimal 8-bit RGB PNG (no filter), byte-identical for identical pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    for size in ICON_SIZES:
        path = ICON_DIR / f"icon-{size}.png"
        path.write_bytes(encode_png(render_icon(size), size))
        print(f"{path}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    import sys

    from scripts.errors import run_entry_point

    sys.exit(run_entry_point(main, "python -m scripts.site.pwa_icons"))

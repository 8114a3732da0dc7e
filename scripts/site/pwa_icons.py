"""Draws the app icons (a white spade on the theme's indigo); Pillow writes them as PNG files.

Run once when the design changes: `python -m scripts.site.pwa_icons` writes docs/assets/pwa/icon-<size>.png (the
icons are committed; the build copies them).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from scripts.paths import ASSETS

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


def render_icon(size: int) -> Image.Image:
    """A square RGB icon with the spade over a quarter of its safe zone, each pixel the mix of the two colours that
    its share of sub-pixels on the spade gives."""
    pixels = bytearray()
    n = SUPERSAMPLE
    for py in range(size):
        for px in range(size):
            hits = sum(
                spade_covers((px + (i + 0.5) / n) / size, (py + (j + 0.5) / n) / size)
                for i in range(n)
                for j in range(n)
            )
            alpha = hits / (n * n)
            pixels += bytes(round(b + (f - b) * alpha) for b, f in zip(BACKGROUND, FOREGROUND))
    return Image.frombytes("RGB", (size, size), bytes(pixels))


def write_icons(folder: Path = ICON_DIR) -> list[Path]:
    paths = []
    for size in ICON_SIZES:
        path = folder / f"icon-{size}.png"
        render_icon(size).save(path, optimize=True)
        paths.append(path)
    return paths


def main() -> None:
    for path in write_icons():
        print(f"{path}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    import sys

    from scripts.errors import run_entry_point

    sys.exit(run_entry_point(main, "python -m scripts.site.pwa_icons"))

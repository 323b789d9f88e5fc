"""QR codes of join links (segno: pure Python), as terminal text or as inline SVG for the notebook."""
from __future__ import annotations

import io

import segno


def qr_text(url: str) -> str:
    """The link's QR code drawn with block characters, for a terminal (two rows of modules a line)."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_svg(url: str, scale: int = 3) -> str:
    """The link's QR code as an inline SVG element."""
    return segno.make(url, error="m").svg_inline(scale=scale)


__all__ = ["qr_svg", "qr_text"]

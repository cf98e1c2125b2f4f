"""SVG built with the standard library's XML tools (so every picture is well-formed
XML by construction), PNG through resvg (`pip install 'pavilion[png]'`): the
drawing both games' pictures are made with (`pavilion.summer.svg`,
`pavilion.akropolis.svg`)."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from pavilion._engine import OptionsError


def fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def points(pts: Iterable[tuple[float, float]], scale: float, ox: float, oy: float) -> str:
    return " ".join(f"{fmt(ox + x * scale)},{fmt(oy + y * scale)}" for x, y in pts)


class Drawing:
    """An SVG document under construction (ElementTree, never string pasting)."""

    def __init__(self, width: float, height: float) -> None:
        self.root = ET.Element(
            "svg",
            xmlns="http://www.w3.org/2000/svg",
            width=fmt(width),
            height=fmt(height),
            viewBox=f"0 0 {fmt(width)} {fmt(height)}",
            attrib={"font-family": "DejaVu Sans, Verdana, sans-serif"},
        )
        ET.SubElement(self.root, "rect", width="100%", height="100%", fill="#ffffff")

    def add(self, tag: str, parent: ET.Element | None = None, text: str | None = None, **attrs: Any) -> ET.Element:
        el = ET.SubElement(
            self.root if parent is None else parent, tag, {k.replace("_", "-"): str(v) for k, v in attrs.items()}
        )
        if text is not None:
            el.text = text
        return el

    def text(self, x: float, y: float, s: str, size: float, parent: ET.Element | None = None, **attrs: Any) -> None:
        self.add(
            "text",
            parent,
            text=s,
            x=fmt(x),
            y=fmt(y),
            font_size=fmt(size),
            text_anchor=attrs.pop("text_anchor", "middle"),
            dominant_baseline="central",
            **attrs,
        )

    def resize(self, width: float, height: float) -> None:
        self.root.set("width", fmt(width))
        self.root.set("height", fmt(height))
        self.root.set("viewBox", f"0 0 {fmt(width)} {fmt(height)}")

    def to_string(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def check_png_renderer() -> None:
    """OptionsError now, before any work, if PNG pictures cannot be rendered here."""
    if importlib.util.find_spec("resvg_py") is None:
        raise OptionsError("PNG pictures need resvg: pip install 'pavilion[png]'")


def to_png(svg: str) -> bytes:
    """PNG bytes of an SVG, rendered by resvg (`pip install 'pavilion[png]'`)."""
    check_png_renderer()
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg))

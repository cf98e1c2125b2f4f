"""How pavilion quotes text it did not write (file contents, user input) in messages."""

__all__ = ["QUOTE_MAX", "escape_controls", "quote"]

QUOTE_MAX: int
"""Most characters of an input that an error message quotes."""

def quote(text: str) -> str:
    """Input text as an error message quotes it: control characters escaped, at most QUOTE_MAX characters."""

def escape_controls(text: str) -> str:
    """The text with every control character escaped (escape sequences, newlines, bidi overrides)."""

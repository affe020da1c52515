"""A JSON text on stdout (``console.write_json_text``): as text, or as the UTF-8 bytes a kept
answer holds, written as they are only where they are the bytes the text would give."""

from __future__ import annotations

import io
import sys

import pytest

from terts_referee.output import console

TEXT = '{\n  "Аня": "♠ «x»"\n}'


def stdout_of(monkeypatch: pytest.MonkeyPatch, encoding: str) -> io.BytesIO:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding, newline="\n"))
    return raw


@pytest.mark.parametrize("form", [str, bytes, memoryview])
def test_the_text_and_its_bytes_give_the_same_output(monkeypatch, form):
    raw = stdout_of(monkeypatch, "UTF-8")
    sys.stdout.write("before ")  # still in the text layer: written first
    data = TEXT if form is str else form(TEXT.encode("utf-8"))
    console.write_json_text(data)
    assert raw.getvalue() == b"before " + TEXT.encode("utf-8") + b"\n"


def test_bytes_for_another_encoding_are_written_as_text(monkeypatch):
    """On a stdout that does not write UTF-8 the answer was made in ASCII (``json_text``):
    decoded and written through the text layer, in that stream's encoding."""
    raw = stdout_of(monkeypatch, "utf-16-le")
    console.write_json_text(b'{"a": "\\u0410"}')
    assert raw.getvalue() == '{"a": "\\u0410"}\n'.encode("utf-16-le")


def test_bytes_on_a_stream_without_a_byte_layer(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    console.write_json_text(TEXT.encode("utf-8"))
    assert out.getvalue() == TEXT + "\n"

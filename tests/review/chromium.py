"""Drive headless Debian Chromium over the DevTools protocol on a pipe (no websocket library).

``--remote-debugging-pipe`` makes Chromium read NUL-terminated JSON commands on fd 3 and write
replies and events on fd 4. That gives exact page facts: every request the page made
(``Network.requestWillBeSent``), every failed one (``Network.loadingFailed``, HTTP >= 400),
console errors and exceptions, the DOM (``Runtime.evaluate``) and a PNG screenshot.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
]
TIMEOUT_S = 60.0


def chromium_binary() -> str | None:
    """Debian's ``chromium`` (or ``chromium-browser``) on PATH, else None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class PageLoad:
    """What loading one page did."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    facts: Any = None
    screenshot: bytes = b""
    pdf: bytes = b""


def _pipes_to_3_and_4(read_end: int, write_end: int) -> None:
    """In the child: put the command pipe on fd 3 and the reply pipe on fd 4."""
    # Move both out of the way first, so neither dup2 can clobber the other.
    high_read, high_write = os.dup(read_end), os.dup(write_end)
    os.dup2(high_read, 3, inheritable=True)
    os.dup2(high_write, 4, inheritable=True)


class Browser:
    """One headless Chromium with a pipe to its DevTools endpoint."""

    def __init__(self, binary: str, width: int = 1280, height: int = 1200) -> None:
        self._profile = tempfile.mkdtemp(prefix="govern-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # Chromium expects its command pipe on fd 3 and its reply pipe on fd 4.
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self._profile}", f"--window-size={width},{height}"],
            pass_fds=(3, 4),
            preexec_fn=lambda: _pipes_to_3_and_4(to_chrome_r, from_chrome_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def send(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        """Send one command and wait for its reply; events that arrive meanwhile are kept."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict[str, Any]:
        """Wait until an event named ``method`` arrived (or is already kept)."""
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            event = self._read()
            self.events.append(event)
            if event.get("method") == method:
                return event

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT_S
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_chrome], [], [], max(0.0, left))
            if not ready:
                raise TimeoutError("chromium did not answer in time")
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return dict(json.loads(raw))

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_chrome, self._from_chrome):
            os.close(fd)
        shutil.rmtree(self._profile, ignore_errors=True)


def load_page(
    binary: str,
    page: Path,
    expression: str,
    width: int = 1280,
    height: int = 1200,
    media: str = "",
    pdf: bool = False,
) -> PageLoad:
    """Open ``page``, record its requests and failures, evaluate ``expression``, screenshot.

    ``media`` ("print") emulates that CSS media type before the page loads; ``pdf`` also
    prints the page to PDF (A4, backgrounds on) as a browser's "Save as PDF" does. A width
    under 600 px emulates a phone (mobile viewport).
    """
    browser = Browser(binary, width, height)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        for domain in ("Network", "Page", "Runtime", "Log"):
            browser.send(f"{domain}.enable", session=session)
        metrics = {
            "width": width,
            "height": height,
            "deviceScaleFactor": 1,
            "mobile": width < 600,
        }
        browser.send("Emulation.setDeviceMetricsOverride", metrics, session=session)
        if media:
            browser.send("Emulation.setEmulatedMedia", {"media": media}, session=session)
        browser.events.clear()
        browser.send("Page.navigate", {"url": page.resolve().as_uri()}, session=session)
        browser.wait_for("Page.loadEventFired")
        facts = browser.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session
        )["result"].get("value")
        shot = browser.send(
            "Page.captureScreenshot",
            {"format": "png", "captureBeyondViewport": False},
            session=session,
        )
        result = PageLoad(facts=facts, screenshot=base64.b64decode(shot["data"]))
        if pdf:
            printed = browser.send(
                "Page.printToPDF",
                {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": True},
                session=session,
            )
            result.pdf = base64.b64decode(printed["data"])
        for event in browser.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Network.requestWillBeSent":
                result.requests.append(params["request"]["url"])
            elif method == "Network.loadingFailed":
                result.failed.append(f"{params.get('errorText')} ({params.get('type')})")
            elif (
                method == "Network.responseReceived"
                and params["response"].get("status", 200) >= 400
            ):
                result.failed.append(
                    f"HTTP {params['response']['status']} {params['response']['url']}"
                )
            elif method == "Runtime.exceptionThrown":
                result.errors.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                result.errors.append(str(params["entry"].get("text")))
        return result
    finally:
        browser.close()


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGB/RGBA PNG (what Chromium writes): width, height, unfiltered rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6), f"unsupported PNG (depth {depth}, colour {colour})"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def distinct_colours(data: bytes, step: int = 7) -> int:
    """How many distinct pixel colours a sample of the screenshot holds (1 = blank)."""
    width, height, rows = png_pixels(data)
    channels = len(rows[0]) // width
    seen = set()
    for y in range(0, height, step):
        row = rows[y]
        for x in range(0, width, step):
            seen.add(row[x * channels : x * channels + 3])
    return len(seen)


HEADERS = """JSON.stringify([...document.querySelectorAll('table')].map(t =>
  [...t.querySelectorAll(':scope > thead th')].map(th => th.textContent)))"""
OVERFLOW = """JSON.stringify({
  scroll: document.documentElement.scrollWidth,
  inner: window.innerWidth,
  wide: [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                 && !e.closest('.scroll'))
    .map(e => e.tagName + '.' + e.className).slice(0, 5),
  bars: document.querySelectorAll('figure svg rect:not(.frame)').length,
})"""


def printed_text(binary: str, page: Path, out_pdf: Path) -> tuple[str, list[list[str]]]:
    """Print ``page`` to PDF as a browser does; its text (``pdftotext -raw``) and the column
    headers of every table on the page."""
    printed = load_page(binary, page, HEADERS, media="print", pdf=True)
    out_pdf.write_bytes(printed.pdf)
    text = subprocess.run(
        ["pdftotext", "-raw", str(out_pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text, json.loads(printed.facts)


def missing_headers(text: str, headers: list[list[str]]) -> list[str]:
    """Column headers absent from the printed text (whitespace ignored: cells wrap)."""
    squeezed = "".join(text.split())
    wanted = {h for table in headers for h in table if h.strip()}
    return sorted(h for h in wanted if "".join(h.split()) not in squeezed)

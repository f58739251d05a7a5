"""Headless Chromium driven over the DevTools protocol, and PNG pixels, with the standard library only.

The page tests open ``rate --html`` pages in a real browser, press keys,
click, and read screenshots.  The DevTools protocol is JSON over a
websocket; the few frames it needs (text, continuation, ping, close) are
written here, so that no websocket or imaging package is needed.  The
browser listens on a port of the loopback interface only, with a profile
folder of its own that is removed afterwards.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

#: The names Chromium is installed under (Debian: chromium).
EXECUTABLES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Key codes of the keys the page reacts to (DevTools wants the Windows virtual key code too).
KEY_CODES = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35, "PageUp": 33, "PageDown": 34}


def chromium() -> str | None:
    """The path of an installed Chromium, or None."""
    for name in EXECUTABLES:
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    """A minimal websocket client (RFC 6455): masked text frames out, whole messages in."""

    def __init__(self, url: str, timeout: float = 60.0) -> None:
        parts = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        self.buffer = bytearray()
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, _, rest = bytes(self.buffer).partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")
        self.buffer = bytearray(rest)

    def _fill(self) -> None:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise ConnectionError("the browser closed the connection")
        self.buffer += chunk

    def _take(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self._fill()
        data = bytes(self.buffer[:n])
        del self.buffer[:n]
        return data

    def _frame(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            header = bytes([0x80 | opcode, 0x80 | n])
        elif n < 1 << 16:
            header = bytes([0x80 | opcode, 0x80 | 126]) + n.to_bytes(2, "big")
        else:
            header = bytes([0x80 | opcode, 0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def receive(self) -> str:
        message = bytearray()
        while True:
            first, second = self._take(2)
            n = second & 0x7F
            if n == 126:
                n = int.from_bytes(self._take(2), "big")
            elif n == 127:
                n = int.from_bytes(self._take(8), "big")
            mask = self._take(4) if second & 0x80 else b""
            data = self._take(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the websocket")
            if opcode == 0x9:
                self._frame(0xA, data)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += data
                if first & 0x80:
                    return message.decode()

    def close(self) -> None:
        try:
            self._frame(0x8, b"")
        except OSError:
            pass
        self.sock.close()


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, executable: str, width: int = 800, height: int = 1000) -> None:
        self.profile = tempfile.mkdtemp(prefix="rater-chromium-")
        args = [executable, "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0", f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
                "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.events: list[dict[str, Any]] = []
        self.next_id = 0
        try:
            port = self._port()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30) as answer:
                targets = json.load(answer)
            page = next(t for t in targets if t.get("type") == "page")
            self.socket = WebSocket(page["webSocketDebuggerUrl"])
            self.call("Page.enable")
            self.call("Runtime.enable")
            self.call("Emulation.setFocusEmulationEnabled", enabled=True)
        except BaseException:
            self.close()
            raise

    def _port(self, timeout: float = 60.0) -> int:
        """The port Chromium chose: the first line of DevToolsActivePort in its profile."""
        marker = os.path.join(self.profile, "DevToolsActivePort")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with code {self.process.returncode}")
            try:
                with open(marker, encoding="ascii") as handle:
                    first = handle.readline().strip()
                if first:
                    return int(first)
            except (OSError, ValueError):
                pass
            time.sleep(0.05)
        raise TimeoutError("chromium did not open its DevTools port")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events that arrive meanwhile are kept)."""
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            self.events.append(message)

    def wait_for(self, event: str, timeout: float = 30.0) -> dict[str, Any]:
        """The next event named ``event`` (one already received counts)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[: i + 1]
                    return message
            self.events.append(json.loads(self.socket.receive()))
        raise TimeoutError(event)

    def open(self, url: str) -> None:
        """Load ``url`` afresh and wait until the page has loaded.

        A blank page comes first: going to another fragment of the page shown
        would only scroll it, without loading it again.
        """
        for address in ("about:blank", url):
            self.events.clear()
            self.call("Page.navigate", url=address)
            self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (of a promise: the value it resolves to)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def press(self, key: str) -> None:
        """Press and release one key, as a keyboard does."""
        code = KEY_CODES[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code,
                      nativeVirtualKeyCode=code)

    def click(self, x: float, y: float) -> None:
        """A left click at page coordinates (x, y) of the viewport."""
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, clip: dict[str, float] | None = None) -> bytes:
        """A PNG of the viewport, or of ``clip`` (x, y, width, height in page coordinates)."""
        params: dict[str, Any] = {"format": "png"}
        if clip:
            params["clip"] = {**clip, "scale": 1}
            params["captureBeyondViewport"] = True
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])

    def close(self) -> None:
        socket_ = getattr(self, "socket", None)
        if socket_ is not None:
            socket_.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class Image:
    """Decoded 8-bit pixels of a PNG: an array of height x width x channels (RGB or RGBA)."""

    pixels: np.ndarray

    @property
    def width(self) -> int:
        return int(self.pixels.shape[1])

    @property
    def height(self) -> int:
        return int(self.pixels.shape[0])

    def near(self, colour: str, within: float) -> np.ndarray:
        """A height x width mask of the pixels within ``within`` (RGB distance) of ``#rrggbb``."""
        target = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
        return np.linalg.norm(self.pixels[:, :, :3].astype(float) - target, axis=2) <= within


def read_png(data: bytes) -> Image:
    """The pixels of a non-interlaced 8-bit RGB or RGBA PNG (what Chromium's screenshots are)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, compressed = 8, bytearray()
    width = height = channels = 0
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            depth, colour_type, interlace = body[8], body[9], body[12]
            if depth != 8 or colour_type not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour_type}, interlace {interlace}")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    out = bytearray(height * stride)
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        _unfilter(kind, line, prior, channels)
        out[y * stride:(y + 1) * stride] = line
        prior = line
    return Image(np.frombuffer(bytes(out), dtype=np.uint8).reshape(height, width, channels))


def _unfilter(kind: int, line: bytearray, prior: bytearray, bpp: int) -> None:
    """Undo one row's PNG filter in place (0 none, 1 sub, 2 up, 3 average, 4 Paeth)."""
    n = len(line)
    if kind == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xFF
    elif kind == 2:
        for i in range(n):
            line[i] = (line[i] + prior[i]) & 0xFF
    elif kind == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prior[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
    elif kind != 0:
        raise ValueError(f"bad PNG filter {kind}")

"""Size and opening time of ``rate --html`` pages, and the example screenshots of the README.

Rates the examples of tests/data/examples.csv (option 2001, each under its
variant) and writes their pages; prints markdown: the page of the hardest
example (the most points the original states for it) and the largest page,
with size, steps, and the time headless Chromium takes to open it from a file
(median and least of --loads fresh loads after one not counted: DOMContentLoaded,
load event, first paint).
With --screenshots DIR it also writes the two pictures the README shows: a
chain step and a unique-rectangle step of the page the browser test uses.

Usage: python3 -m tests.html_page [--loads 5] [--screenshots docs]
Needs Chromium (Debian: apt-get install chromium). Timings are wall-clock on
whatever machine runs it; on a shared box they are noisy.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from puzzles.rules import parse_rules
from rater.run.engine import Engine
from rater.views.render import html
from tests.browser_support import Browser, chromium
from tests.conftest import FIXTURES
from tests.test_html import CHAIN_STEP, PUZZLE, UR_STEP

EXAMPLES = FIXTURES / "examples.csv"

TIMING = ("(() => { const n = performance.getEntriesByType('navigation')[0];"
          " const p = performance.getEntriesByName('first-contentful-paint')[0];"
          " return [n.domContentLoadedEventEnd, n.loadEventEnd, p ? p.startTime : null]; })()")


def pages(folder: Path) -> list[tuple[str, float, int, Path]]:
    """(example id, stated points, steps, page file) of every example."""
    engine = Engine("2001")
    out = []
    with EXAMPLES.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            rating = engine.rate(row["puzzle"], rules=parse_rules(row["variant"]), allow_multiple=True)
            target = folder / f"example{row['id']}.html"
            target.write_text(html(rating), encoding="utf-8")
            stated = float(row["points"]) if row["points"] else -1.0
            out.append((row["id"], stated, len(rating.steps), target))
    return out


def opening(browser: Browser, page: Path, loads: int) -> list[tuple[float, float]]:
    """Median and least DOMContentLoaded, load event and first contentful paint (ms) over ``loads`` fresh loads.

    A first load warms the browser's caches and is not counted.
    """
    figures = []
    for _ in range(loads + 1):
        browser.open(page.as_uri())
        time.sleep(0.2)  # the paint entry is written after the load event
        figures.append(browser.evaluate(TIMING))
    counted = figures[1:]
    return [(statistics.median(f[i] or 0.0 for f in counted), min(f[i] or 0.0 for f in counted)) for i in range(3)]


def screenshots(browser: Browser, folder: Path, target: Path) -> None:
    """The chain step and the unique-rectangle step of the browser test's page, at 560 pixels wide."""
    page = folder / "screenshots.html"
    page.write_text(html(Engine("2001").rate(PUZZLE)), encoding="utf-8")
    browser.call("Emulation.setDeviceMetricsOverride", width=560, height=900, deviceScaleFactor=1, mobile=False)
    for number, name in ((CHAIN_STEP, "html-chain.png"), (UR_STEP, "html-unique-rectangle.png")):
        browser.open(f"{page.as_uri()}#step={number}")
        box = browser.evaluate("(() => { const r = document.querySelector('section.pos.on').getBoundingClientRect();"
                               " return [r.left, r.top + window.scrollY, r.width, r.height]; })()")
        png = browser.screenshot({"x": box[0], "y": box[1], "width": box[2], "height": box[3]})
        (target / name).write_bytes(png)
        print(f"wrote {target / name} ({len(png) // 1024} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    executable = chromium()
    if executable is None:
        sys.exit("tests/html_page.py: needs Chromium")
    with tempfile.TemporaryDirectory() as tmp, Browser(executable, 800, 1000) as browser:
        folder = Path(tmp)
        start = time.perf_counter()
        made = pages(folder)
        print(f"{len(made)} example pages written in {time.perf_counter() - start:.1f} s "
              f"(load average {os.getloadavg()[0]:.1f})\n")
        hardest = max(made, key=lambda m: m[1])
        largest = max(made, key=lambda m: m[3].stat().st_size)
        print("| page | stated points | steps | size | DOMContentLoaded | load | first paint |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for label, (ident, stated, steps, page) in (("hardest", hardest), ("largest", largest)):
            times = " | ".join(f"{median:.0f} ms (least {least:.0f})"
                               for median, least in opening(browser, page, args.loads))
            print(f"| {label}: example {ident} | {stated:g} | {steps} | {page.stat().st_size / 1e6:.2f} MB | {times} |")
        sizes = sorted(m[3].stat().st_size for m in made)
        print(f"\nall {len(sizes)} pages: median {statistics.median(sizes) / 1e6:.2f} MB, "
              f"largest {sizes[-1] / 1e6:.2f} MB")
        if args.screenshots:
            screenshots(browser, folder, args.screenshots)


if __name__ == "__main__":
    main()

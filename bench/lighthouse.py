"""Lighthouse (mobile and desktop) for the game and bare PyScript pages, side by side: median of 3.

    make lighthouse        # installs the pinned Lighthouse (bench/lighthouse/) and runs this
    .venv/bin/python -m bench.lighthouse [--runs 3] [--no-build]

Builds dist/, serves it (the game twice: from a host that sends COOP and COEP, as `make play`, and
from a plain host that sends neither, as GitHub Pages; Python runs in PyScript's worker on both)
with bench/bare.html (the same vendored runtime, one Python script on the page's thread that sets a
ready marker; see bench/startup.py) and bench/bare_worker.html (the same, Python started in a
PyScript worker) on 127.0.0.1 through tools/serve.py's handler (gzip as a static host would), and runs Lighthouse 12 on the Chromium the tests use (never downloading a
browser) with its default throttling: mobile = simulated slow 4G and a 4x slower CPU, desktop =
its desktop preset. Prints the performance score, FCP, LCP, TBT, Speed Index and transfer.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.startup import make_site  # noqa: E402
from tools import browser as browser_finder  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_background  # noqa: E402

LIGHTHOUSE = ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "game, plain host": (False, "/"),
    "game, isolating host": (True, "/"),
    "bare": (False, "/bare.html"),
    "bare worker": (False, "/bare_worker.html"),
}
"""Each page: whether its host sends COOP and COEP (as `make play` does; a plain host, as GitHub Pages,
sends neither: the game plays alike on both), its path."""
TRIES = 2
"""Lighthouse runs of a page before giving up: a run now and then fails to record its trace (NO_NAVSTART),
and Lighthouse itself says to run it again."""
METRICS = (
    ("score", "performance", lambda v: f"{100 * v:.0f}"),
    ("FCP", "first-contentful-paint", lambda v: f"{v / 1000:.1f} s"),
    ("LCP", "largest-contentful-paint", lambda v: f"{v / 1000:.1f} s"),
    ("TBT", "total-blocking-time", lambda v: f"{v:,.0f} ms"),
    ("Speed Index", "speed-index", lambda v: f"{v / 1000:.1f} s"),
    ("CLS", "cumulative-layout-shift", lambda v: f"{v:.3f}"),
    ("transfer", "total-byte-weight", lambda v: f"{v / 1e6:.1f} MB"),
)


def lighthouse(url: str, preset: str, out: Path) -> dict[str, float]:
    """One Lighthouse run: the figures of METRICS."""
    flags = " ".join(["--headless=new", *browser_finder.launch_args()])
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--only-categories=performance",
        "--output=json",
        f"--output-path={out}",
        f"--chrome-flags={flags}",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": str(browser_finder.ensure())}
    for attempt in range(1, TRIES + 1):
        done = subprocess.run(command, env=env, cwd=out.parent, timeout=600)
        if done.returncode == 0:
            break
        print(f"Lighthouse failed on {url} ({preset}), try {attempt} of {TRIES}", file=sys.stderr)
    done.check_returncode()
    report = json.loads(out.read_text())
    figures = {"performance": report["categories"]["performance"]["score"]}
    for _, audit, _ in METRICS[1:]:
        figures[audit] = report["audits"][audit]["numericValue"]
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print("Lighthouse is not installed: run `make lighthouse` (npm ci in bench/lighthouse/).", file=sys.stderr)
        return 1
    if not args.no_build:
        build(ROOT / "dist")
    results: dict[tuple[str, str], list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp:
        site = make_site(ROOT / "dist", Path(tmp) / "site")
        servers = {isolate: serve_in_background(site, 0, isolate=isolate) for isolate in (False, True)}
        try:
            for run in range(args.runs):
                for preset in ("mobile", "desktop"):
                    for page, (isolate, path) in PAGES.items():
                        out = Path(tmp) / f"{page.replace(' ', '-')}-{preset}-{run}.json"
                        url = f"http://127.0.0.1:{servers[isolate].server_address[1]}{path}"
                        results.setdefault((preset, page), []).append(lighthouse(url, preset, out))
                        print(f"run {run + 1}: {preset} {page} done", file=sys.stderr, flush=True)
        finally:
            for server in servers.values():
                server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True).stdout.strip()
    print(f"Lighthouse {version} on {browser_finder.ensure()}, median of {args.runs} runs:\n")
    header = "| | " + " | ".join(f"{preset} {page}" for preset in ("mobile", "desktop") for page in PAGES) + " |"
    print(header + "\n|---|" + "---|" * (2 * len(PAGES)))
    for label, audit, show in METRICS:
        cells = [
            show(statistics.median(r[audit] for r in results[(preset, page)]))
            for preset in ("mobile", "desktop")
            for page in PAGES
        ]
        print(f"| {label} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

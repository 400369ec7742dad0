"""Find a Chromium for the end-to-end tests, installing Debian's when that is possible.

Order: the path in ``$YACHT_CHROMIUM``, a Playwright-managed Chromium, ``/usr/bin/chromium``;
if none is found and we are root, ``apt-get install chromium``; otherwise one line says what
to install. Playwright cannot download its own browser on a machine without internet.

    python3 tools/browser.py          # print the path, installing if needed
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ENV_VAR = "YACHT_CHROMIUM"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# Flags that keep Chromium from calling out to the network on start-up.
QUIET_FLAGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


class BrowserNotFound(RuntimeError):
    """No usable Chromium: the message says what to install."""


def _playwright_chromium() -> Path | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = Path(p.chromium.executable_path)
    except Exception:  # any failure means "not available"
        return None
    return path if path.is_file() else None


def find() -> Path | None:
    """The first usable Chromium in the documented order, or None."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        path = Path(configured)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise BrowserNotFound(f"${ENV_VAR} is set to {configured}, which is not an executable file")
        return path
    for candidate in (_playwright_chromium(), SYSTEM_CHROMIUM):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def ensure() -> Path:
    """Find Chromium, installing Debian's package as root when none is found."""
    path = find()
    if path is not None:
        return path
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print("browser: installing Debian's chromium with apt-get (once)", file=sys.stderr, flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=False, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, stdout=subprocess.DEVNULL)
        path = find()
        if path is not None:
            return path
    raise BrowserNotFound(
        f"No Chromium found: install Debian's 'chromium' package (sudo apt-get install chromium) "
        f"or set {ENV_VAR} to a Chromium executable."
    )


def launch_args() -> list[str]:
    """Command-line flags for headless test runs (adds --no-sandbox when root)."""
    args = list(QUIET_FLAGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    return args


def main() -> int:
    try:
        print(ensure())
    except (BrowserNotFound, subprocess.CalledProcessError) as error:
        print(f"browser: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

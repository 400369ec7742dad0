"""Find Firefox ESR and WebKitGTK for the end-to-end smoke, installing Debian's when that is possible.

The smoke in tests/engines/ runs in two more engines besides Chromium:

* **Firefox**: Debian's ``firefox-esr``, driven headless by npm's ``puppeteer-core`` over
  WebDriver BiDi (no geckodriver). The path in ``$YACHT_FIREFOX`` wins over ``/usr/bin/firefox-esr``.
* **WebKit**: Debian's ``webkit2gtk-driver`` (``WebKitWebDriver``), driven by Selenium, on a
  virtual display from ``xvfb`` (``Xvfb``). ``$YACHT_WEBKIT_DRIVER`` wins over the packaged driver.

What is missing is installed with apt-get when we are root (once, quietly, non-interactively);
otherwise, or when the install fails, one line says what to install and the tests for that
engine are skipped with that line. Nothing is ever downloaded outside Debian's packages.

    python3 tools/engines.py          # print each engine's path, installing if needed
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Engine:
    """One engine: the executables it needs and the Debian packages that provide them."""

    name: str
    env_var: str
    executable: str  # the browser (Firefox) or the WebDriver server (WebKit)
    candidates: tuple[str, ...]
    packages: tuple[str, ...]
    helpers: tuple[str, ...] = ()  # other programs on PATH it needs (the virtual display)


FIREFOX = Engine(
    name="firefox",
    env_var="YACHT_FIREFOX",
    executable="firefox-esr",
    candidates=("/usr/bin/firefox-esr",),
    packages=("firefox-esr",),
)
WEBKIT = Engine(
    name="webkit",
    env_var="YACHT_WEBKIT_DRIVER",
    executable="WebKitWebDriver",
    candidates=("/usr/bin/WebKitWebDriver",),
    packages=("webkit2gtk-driver", "xvfb"),
    helpers=("Xvfb",),
)
ENGINES = {engine.name: engine for engine in (FIREFOX, WEBKIT)}


class EngineNotFound(RuntimeError):
    """An engine is not installed and cannot be: the message says what to install."""


def _executable(path: str | Path | None) -> Path | None:
    if path and Path(path).is_file() and os.access(path, os.X_OK):
        return Path(path)
    return None


def find(engine: Engine) -> Path | None:
    """The engine's executable when it and its helpers are installed, else None."""
    configured = os.environ.get(engine.env_var)
    if configured:
        path = _executable(configured)
        if path is None:
            raise EngineNotFound(f"${engine.env_var} is set to {configured}, which is not an executable file")
    else:
        path = next(
            (p for p in (*map(_executable, engine.candidates), _executable(shutil.which(engine.executable))) if p),
            None,
        )
    if path is None or not all(shutil.which(helper) for helper in engine.helpers):
        return None
    return path


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def install(packages: list[str]) -> bool:
    """apt-get install the packages (root only, once, quiet); whether the install succeeded."""
    if not (_is_root() and shutil.which("apt-get") and packages):
        return False
    print(f"engines: installing Debian's {' '.join(packages)} with apt-get (once)", file=sys.stderr, flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quiet = {"stdout": subprocess.DEVNULL, "env": env}
    # Wait for a dpkg lock another apt-get holds (the Chromium install, say) instead of failing.
    command = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=120", *packages]
    if subprocess.run(command, check=False, stderr=subprocess.DEVNULL, **quiet).returncode == 0:
        return True
    # The package lists may be missing or stale (a fresh container): refresh them and try again.
    subprocess.run(["apt-get", "update", "-qq"], check=False, **quiet)
    return subprocess.run(command, check=False, **quiet).returncode == 0


def _missing(engine: Engine) -> EngineNotFound:
    packages = " ".join(engine.packages)
    return EngineNotFound(
        f"{engine.name}: not installed; install Debian's {packages} "
        f"(sudo apt-get install {packages}) or set {engine.env_var}"
    )


def ensure(engine: Engine) -> Path:
    """The engine's executable, installing its Debian packages as root when it is missing."""
    path = find(engine)
    if path is None and install(list(engine.packages)):
        path = find(engine)
    if path is None:
        raise _missing(engine)
    return path


def ensure_all() -> dict[str, Path | EngineNotFound]:
    """Each engine's path or why it is missing, installing every missing package in one apt-get run."""
    packages = []
    for engine in ENGINES.values():
        try:
            if find(engine) is None:
                packages.extend(engine.packages)
        except EngineNotFound:
            pass  # a wrong $YACHT_... is reported below, not papered over by an install
    if packages:
        install(list(dict.fromkeys(packages)))
    result: dict[str, Path | EngineNotFound] = {}
    for name, engine in ENGINES.items():
        try:
            result[name] = find(engine) or _missing(engine)
        except EngineNotFound as error:
            result[name] = error
    return result


def main() -> int:
    """Print each engine's path; a missing engine is one line on stderr, never a failure."""
    for name, found in ensure_all().items():
        if isinstance(found, Path):
            print(f"{name}: {found}")
        else:
            print(f"engines: {found} (its end-to-end smoke will be skipped)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

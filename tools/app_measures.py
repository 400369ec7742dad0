"""The app layer's figures that need running code (issue 56), called by ``python -m tools.app_figures`` with a flag:

- ``--trace``: one roll at a table followed through ``update`` (sys.setprofile): the game/ files its calls pass
  through and how many times the call stack climbs back up a layer, for the handlers alone (``dispatch``) and with
  the view (``step``: the handlers, then the view's draw);
- ``--remove-a-case``: mypy proves the ``match`` over messages and the one over screens complete: a copy of game/
  with one ``case`` taken out of each fails mypy with the ``assert_never`` error, the untouched copy passes (mypy is
  slow: a printed figure, not a test);
- ``--coverage``: the share of game/app's lines that the app layer's CPython tests run (tests/unit/app, with their
  doctests), with ``coverage``.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
LAYERS = ("core", "coach", "records", "present", "app", "shell")


@dataclass(frozen=True)
class Trip:
    """What one message's trip through the code touched: the game/ files, in the order first entered, and how many
    times a call returned to a caller in a higher layer (down a layer and back up)."""

    files: tuple[str, ...]
    climbs: int
    calls: int

    def layers(self) -> dict[str, int]:
        """Files per layer."""
        return {layer: sum(name.split("/")[0] == layer for name in self.files) for layer in LAYERS}


def _layer(filename: str) -> tuple[str, int] | None:
    """The file under game/ (its path from there) and its layer's rank; None outside game/ (the standard library)."""
    path = Path(filename)
    if not path.is_relative_to(GAME):
        return None
    name = path.relative_to(GAME).as_posix()
    top = name.split("/")[0]
    return (name, LAYERS.index(top)) if top in LAYERS else None


def follow(function: Callable[..., object], *args: object) -> Trip:
    """Call ``function(*args)`` with a profiler on: every Python call entered under game/, and every return from one
    layer to a caller in a higher one (a frame outside game/ between them is passed over: its caller's layer counts)."""
    files: dict[str, None] = {}
    climbs = calls = 0

    def layer_of(frame: FrameType | None) -> int | None:
        while frame is not None:
            found = _layer(frame.f_code.co_filename)
            if found is not None:
                return found[1]
            frame = frame.f_back
        return None

    def profile(frame: FrameType, event: str, _: object) -> None:
        nonlocal climbs, calls
        if event not in ("call", "return"):
            return
        found = _layer(frame.f_code.co_filename)
        if found is None:
            return
        if event == "call":
            calls += 1
            files.setdefault(found[0])
            return
        caller = layer_of(frame.f_back)
        if caller is not None and caller > found[1]:
            climbs += 1

    sys.setprofile(profile)
    try:
        function(*args)
    finally:
        sys.setprofile(None)
    return Trip(tuple(files), climbs, calls)


def roll_trips() -> tuple[Trip, Trip]:
    """One Roll at a table (Ann alone at Yacht, before her first roll), followed through the handlers alone and
    through ``step`` (with the view, as the shell calls it). A first roll on the same App runs before: the modules a
    roll imports on first use are loaded, so the trips are the roll's, not the imports'."""
    from dataclasses import replace

    from game.app.events import Button, Pressed, Start
    from game.app.state import App
    from game.app.update import dispatch, step
    from game.app.view import view

    app, page, _ = step(App(), None, Start(query=(("rules", "yacht"), ("players", "Ann"), ("seed", "1"))))
    roll = Pressed(Button.ROLL)
    step(app, page, roll)  # the warm-up: the same roll, its answer thrown away (the App is a value)
    timed = replace(app, now=app.now)
    handlers = follow(dispatch, timed, roll)
    shown = view(app) if page is None else page
    whole = follow(step, app, shown, roll)
    return handlers, whole


def trace() -> None:
    handlers, whole = roll_trips()
    for label, trip in (("update's handlers (dispatch)", handlers), ("update with the view (step)", whole)):
        layers = ", ".join(f"{layer} {count}" for layer, count in trip.layers().items() if count)
        print(f"a Roll at a table through {label}: {len(trip.files)} game/ files ({layers}),")
        print(f"  {trip.climbs} climbs back up a layer (returns to a caller in a higher layer), {trip.calls} calls")
    present = [name for name in handlers.files if name.startswith("present/")]
    print(f"present files a Roll's handlers pass through: {len(present)} ({', '.join(present) or 'none'})")


# ------------------------------------------------------------------------------------------------ remove a case

ASSERT_NEVER = re.compile(r'Argument 1 to "assert_never" has incompatible type "([^"]+)"')


def _without_case(path: Path, function: str, subject: str, case_class: str) -> str:
    """``path``'s source with the ``case <case_class>(...)`` of ``function``'s ``match <subject>`` taken out."""
    source = path.read_text()
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == function:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Match) and ast.unparse(inner.subject) == subject:
                    for case in inner.cases:
                        pattern = case.pattern
                        if isinstance(pattern, ast.MatchClass) and ast.unparse(pattern.cls) == case_class:
                            start, end = pattern.lineno - 1, case.body[-1].end_lineno or pattern.end_lineno
                            return "".join(lines[:start] + lines[end:])
    raise LookupError(f"no case {case_class}() in {function}'s match {subject}")


def _mypy(copy: Path, cache: Path) -> tuple[int, str]:
    """mypy on a copy of the repository's game/ with its settings (pyproject.toml): exit status and output."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--no-error-summary"],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout + done.stderr


REMOVED = (
    ("messages", "app/update.py", "dispatch", "message", "Start"),
    ("screens", "app/view.py", "view", "shown", "PlayScreen"),
)
"""Each case taken out: what the match is over, its module, function, subject and the case's class."""


def remove_a_case() -> None:
    with tempfile.TemporaryDirectory() as temp:
        base, cache = Path(temp) / "repo", Path(temp) / "cache"
        shutil.copytree(GAME, base / "game", ignore=shutil.ignore_patterns("__pycache__", "locale", "*.mo"))
        shutil.copy(ROOT / "pyproject.toml", base)
        status, output = _mypy(base, cache)
        print(f"mypy on an untouched copy of game/: {'passes' if status == 0 else 'FAILS'} (exit {status})")
        if status:
            print(output)
        for over, module, function, subject, case in REMOVED:
            path = base / "game" / module
            original = path.read_text()
            path.write_text(_without_case(path, function, subject, case))
            status, output = _mypy(base, cache)
            path.write_text(original)
            found = ASSERT_NEVER.findall(output)
            said = f'the assert_never error, type "{found[0]}"' if found else "no assert_never error"
            verdict = "fails" if status and found else "DOES NOT FAIL as it should"
            print(f"match over {over}, case {case}() taken out of {module} ({function}): mypy {verdict}, {said}")


# ------------------------------------------------------------------------------------------------ coverage


def coverage() -> None:
    """game/app's lines run by tests/unit/app and game/app's doctests (pytest under coverage), as a percentage."""
    with tempfile.TemporaryDirectory() as temp:
        data = Path(temp) / ".coverage"
        run = [sys.executable, "-m", "coverage", "run", f"--data-file={data}", "--source=game/app", "-m", "pytest"]
        tests = ["tests/unit/app", "game/app", "-q", "-p", "no:cacheprovider", "-x", "-n", "0"]
        subprocess.run(run + tests, cwd=ROOT, check=True, capture_output=True)
        report = subprocess.run(
            [sys.executable, "-m", "coverage", "report", f"--data-file={data}", "--format=total", "--precision=1"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    print(f"coverage of game/app by tests/unit/app and game/app's doctests: {report.stdout.strip()}%")

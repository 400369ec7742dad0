"""The publishing workflow (.github/workflows/pages.yml), read as text (no YAML parser needed): GitHub Pages' own
actions, each pinned to a major version, publish dist/ only after `make test` has passed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
WORKFLOW = ".github/workflows/pages.yml"
TEXT = (ROOT / WORKFLOW).read_text()
PAGES_ACTIONS = ("actions/checkout", "actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages")


def steps() -> list[str]:
    """Every step's `uses:` or `run:` value, in the file's order."""
    return [m.group(2).strip() for m in re.finditer(r"^\s*(?:- )?(uses|run):\s*(.+)$", TEXT, re.M)]


def test_every_action_is_pinned_to_a_major_version():
    used = re.findall(r"uses:\s*([\w.-]+/[\w.-]+)@(\S+)", TEXT)
    assert {name for name, _ in used} >= set(PAGES_ACTIONS)
    for name, version in used:
        assert re.fullmatch(r"v\d+", version), f"{name}@{version}"
    assert len(re.findall(r"uses:", TEXT)) == len(used)  # none unpinned


def test_dist_is_published_only_after_make_test_and_the_build():
    order = steps()
    assert order.index("make test") < order.index("make build") < order.index("actions/upload-pages-artifact@v3")
    assert re.search(r"upload-pages-artifact@\S+\s+with:\s+path: dist\s*$", TEXT, re.M)
    assert re.search(r"^  deploy:\n(?:    .*\n)*?    needs: build$", TEXT, re.M)


def test_it_may_publish_and_only_one_publication_runs_at_a_time():
    permissions = re.search(r"^permissions:\n((?:  .*\n)+)", TEXT, re.M).group(1)
    assert "  pages: write\n" in permissions and "  id-token: write\n" in permissions
    assert re.search(r"^concurrency:\n  group: pages$", TEXT, re.M)


def test_the_readme_names_the_workflow():
    hosting = (ROOT / "README.md").read_text().split("**Hosting:**", 1)[1].split("\n\n", 1)[0]
    assert f"`{WORKFLOW}`" in hosting

"""Fixtures of the CPython tests."""

from __future__ import annotations

import pytest

from game.coach import advisor


@pytest.fixture
def in_browser(monkeypatch):
    """The advisor as in the browser: no static/tables folder to read, so every table is fetched."""
    monkeypatch.setattr(advisor.Advisor, "_read", lambda self, name: None)

"""Hints to beat a target at the table, through ``update``: the target picked (the challenge's score, the person's
best, a number typed, junk refused), the target's lines beside the hint only where the choices differ, and
challenges: one sent "with hints" carries its flag in a checked link, one without shows no hint of any kind."""

from __future__ import annotations

import base64
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.events import BoxChosen, Button, DieToggled, Key, Pressed, Start, Switch, Toggled, read_timer
from game.app.keys import CHALLENGE_KEY, HISTORY_KEY
from game.app.state import App
from game.app.update import update
from game.app.view import view
from game.coach.advisor import Advisor
from game.coach.session import Session
from game.coach.target import Reaching, target_hint
from game.coach.winning import Winning
from game.core import links
from game.core.engine import new_match
from game.present.aim_view import MAX_AIM, Aim, AimKind
from game.records.history import History
from game.records.record import demo_record
from tests.helpers.app import ADDRESS, NOW, friend, notice, of, ops, send, start, stores, ticks
from tests.helpers.matches import finish

HINT_TICKS = ("hint", "chances", "computer", "ending", "records", "report", "prefetch")


def fired(app: App, effects) -> tuple[App, list]:
    """The App once every tick the effects asked for (and those they ask for in turn) has come."""
    out = list(effects)
    for _ in range(4):
        tokens = [token for kind in HINT_TICKS for token, _ in ticks(effects, kind)]
        if not tokens:
            break
        app, effects = send(app, *[read_timer(token) for token in tokens])
        out += effects
    return app, out


def hint_html(effects) -> str | None:
    """The hint panel's last markup the effects draw (None: not drawn)."""
    drawn = [changes["html"] for changes in ops(effects, "hint") if "html" in changes]
    return drawn[-1] if drawn else None


def typed(total: str) -> tuple[tuple[str, str], ...]:
    return (("aim-total", total),)


def hinted(app: App) -> tuple[App, list]:
    """Hints switched on at the table and the first roll made: the hint drawn."""
    return fired(*send(app, Toggled(Switch.HINTS, True), Pressed(Button.ROLL)))


def late_yahtzee():
    """A Yahtzee card with Large Straight and Yahtzee open, dice 1 2 3 4 4: for 50 more, the target keeps 4 4."""
    rs = new_match("yahtzee", ["Ann"], seed=1).ruleset
    late = new_match("yahtzee", ["Ann"], seed=1)
    for category in rs.categories:
        if category.id not in ("large_straight", "yahtzee"):
            late = late.roll(faces=[1, 1, 2, 2, 3]).score(category.id)
    return late.roll(faces=[1, 2, 3, 4, 4]), rs.totals(late.scorecard().scores).grand_total


# ----------------------------------------------------------------------------- the target picked


def test_a_typed_target_is_played_for_and_junk_typed_is_refused():
    app, _ = start("rules=yacht&players=Ann&seed=4")
    app, effects = hinted(app)
    html = hint_html(effects)
    assert html and 'id="aim-points"' in html and 'aria-pressed="true"' in html and "hint-target" not in html
    assert 'id="aim-best"' not in html and 'id="aim-challenge"' not in html  # no best yet, no challenge
    app, effects = fired(*send(app, Pressed(Button.AIM_SET, form=typed(" 150 "))))
    html = hint_html(effects)
    assert app.visit.aim is not None and (app.visit.aim.kind, app.visit.aim.total) == (AimKind.TYPED, 150)
    assert html and "to reach 150" in html and "%" in html and 'value="150"' in html
    assert "These chances are estimated: they are exact only in the last 2 boxes." in html
    assert ("aim-set",) in of(effects, "focus")
    for junk in ("", "abc", "0", "-5", "1.5", "10000", "３００", "1e3"):
        after, effects = send(app, Pressed(Button.AIM_SET, form=typed(junk)))
        assert (
            notice(effects) == f"Type the total to play for as a whole number from 1 to {MAX_AIM}: nothing was changed."
        )
        assert after.visit.aim == app.visit.aim and not ticks(effects, "hint") and hint_html(effects) is None
    app, effects = fired(*send(app, Pressed(Button.AIM_POINTS)))
    assert app.visit.aim.kind is AimKind.POINTS and "hint-target" not in (hint_html(effects) or "")


def test_the_persons_best_is_a_target_once_there_is_one(monkeypatch):
    app, _ = start("rules=yacht&players=Ann&seed=4")
    app, effects = hinted(app)
    before = app.visit.aim
    assert send(app, Pressed(Button.AIM_BEST))[1] == [] and app.visit.aim == before  # no best yet: nothing changes
    app, effects = fired(*send(app.at_visit(aim=Aim(AimKind.BEST)), DieToggled(0)))  # picked in an earlier match
    html = view(app).hint
    assert 'id="aim-points" class="aim-choice" aria-pressed="true"' in html and "hint-target" not in html
    history = History().add(demo_record())  # Ann's Yacht game of 60
    app, _ = start("rules=yacht&players=Ann&seed=4", stored={HISTORY_KEY: history.to_json()})
    app, effects = hinted(app)
    assert 'aria-pressed="false">Beat my best, 60</button>' in hint_html(effects)
    app, effects = fired(*send(app, Pressed(Button.AIM_BEST)))
    html = hint_html(effects)
    assert 'aria-pressed="true">Beat my best, 60</button>' in html and "to reach 61" in html

    def parsed(*_args):
        raise AssertionError("the stored history parsed again")

    monkeypatch.setattr(History, "from_json", parsed)  # decoded once: each redraw reads what was decoded
    app, effects = fired(*send(app, DieToggled(0)))
    app, effects = fired(*send(app, DieToggled(0)))
    assert "Beat my best, 60" in (hint_html(effects) or view(app).hint)  # not again


def test_the_target_line_shows_a_choice_only_where_it_differs_from_the_hints():
    late, total = late_yahtzee()
    app, _ = start(match=Session(late))
    app, effects = fired(*send(app, Toggled(Switch.HINTS, True)))
    app, effects = fired(*send(app, Pressed(Button.AIM_SET, form=typed(str(total + 50)))))
    html = hint_html(effects)
    assert f"Best to reach {total + 50}: keep 4 4 — 7.4%" in html
    assert f"Best for points: keep 1 2 3 4 — 4.9% to reach {total + 50}" in html
    assert "These chances are exact: at most 2 boxes are left." in html
    app, effects = fired(*send(app, Pressed(Button.AIM_SET, form=typed(str(total + 1)))))  # any box will do
    html = hint_html(effects)
    assert "Best to reach" not in html and f"Best for points is best to reach {total + 1} too: " in html
    reach = Reaching(Winning(Advisor(late.ruleset)))
    assert target_hint(reach, late, total + 50).differs and not target_hint(reach, late, total + 1).differs


# ----------------------------------------------------------------------------- challenges


def challenge_text(hints: bool, seed: int = 6) -> tuple[str, int]:
    """Ann's finished Yacht game as a challenge link's value (``hints``: sent with hints allowed), and her total."""
    theirs = finish(new_match("yacht", ["Ann"], seed=seed))
    return links.write(theirs, links.LinkKind.CHALLENGE, False, hints=hints), theirs.totals(0).grand_total


def test_a_challenge_with_hints_is_sent_so_and_its_link_round_trips():
    query = (("rules", "yacht"), ("players", "Ann"))  # this phone's own seed: a typed one is never a challenge
    app, _ = update(App(), Start(query=query, address=ADDRESS), now=NOW)
    app, _ = send(app, Toggled(Switch.HINTS, True))  # Ann plays with hints
    while not app.session.match.game_over:
        app, _ = send(app, Pressed(Button.ROLL))
        app, _ = send(app, BoxChosen(app.session.match.open_categories()[0]))
    app, effects = send(app, Pressed(Button.CHALLENGE_FRIEND))
    assert app.sharing is not None and view(app).share.text.endswith("Hints allowed, no undo, for both of us.")
    link = links.read(app.sharing.url.split("?challenge=", 1)[1])
    assert link.kind is links.LinkKind.CHALLENGE and link.hints
    assert links.read(challenge_text(False)[0]).hints is False
    # The friend's game: hints may be switched on, undo never; the line above the card says so.
    app, effects = friend(app.sharing.url)
    session = app.session
    assert session.shared and session.open_hints and not session.undo_allowed and app.kept.challenge_hints
    assert stores(effects, CHALLENGE_KEY) and links.hints_allowed(stores(effects, CHALLENGE_KEY)[-1])
    assert ops(effects, "hint-toggle-label")[-1]["hidden"] is False
    assert ops(effects, "challenge-line")[-1]["text"].endswith("points · with hints")
    again, _ = update(App(), Start(stored=tuple(app.storage.stored)), now=NOW)  # a reload keeps the flag
    assert again.kept.challenge_hints and again.session.open_hints


def test_a_tampered_hints_flag_is_refused():
    text, _ = challenge_text(False)
    body, check = text.split(".")
    data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    data["h"] = 1  # hints allowed, written in without the link's check

    def encoded(value) -> str:
        raw = json.dumps(value, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    forged = f"{encoded(data)}.{check}"
    for bad in (forged, text.replace(".", ".x", 1)):
        try:
            links.read(bad)
        except links.LinkError as error:
            assert error.why is links.Why.DAMAGED
        else:
            raise AssertionError("a tampered link was read")
        assert not links.hints_allowed(bad)
    app, _ = friend(f"{ADDRESS}?challenge={forged}")
    assert app.kept.challenge is None and not app.kept.challenge_hints
    # Re-signed (the check has no secret), a flag of another shape or on a match link is still refused.
    import hashlib

    def signed(value) -> str:
        raw = json.dumps(value, separators=(",", ":")).encode()
        return f"{encoded(value)}.{base64.urlsafe_b64encode(hashlib.sha256(raw).digest()[:6]).decode().rstrip('=')}"

    assert links.read(signed(data)).hints  # signed anew: a link as the game writes it
    for value in (dict(data, h=2), dict(data, h=True), dict(data, k="match")):
        try:
            links.read(signed(value))
        except links.LinkError as error:
            assert error.why is links.Why.DAMAGED
        else:
            raise AssertionError(f"a link with {value['h']!r} was read")


def test_in_a_hints_challenge_the_target_is_the_senders_score_and_both_results_say_with_hints():
    text, total = challenge_text(True)
    app, _ = start(f"challenge={text}")
    app, effects = hinted(app)
    assert f'aria-pressed="false">Beat Ann&#x27;s {total}</button>' in hint_html(effects)
    app, effects = fired(*send(app, Pressed(Button.AIM_CHALLENGE)))
    html = hint_html(effects)
    assert f"to reach {total + 1}" in html and "%" in html and ("aim-challenge",) in of(effects, "focus")
    while not app.session.match.game_over:
        app, effects = fired(*send(app, BoxChosen(app.session.match.open_categories()[0])))
        if not app.session.match.game_over:
            app, effects = fired(*send(app, Pressed(Button.ROLL)))
    result = [changes["html"] for changes in ops(effects, "challenge-result") if "html" in changes]
    assert result and "A challenge with hints: both of you could ask for hints, neither could undo." in result[-1]


def test_no_hints_challenge_result_says_nothing_of_hints():
    text, _ = challenge_text(False)
    app, _ = start(f"challenge={text}")
    while not app.session.match.game_over:
        app, effects = fired(*send(app, Pressed(Button.ROLL), BoxChosen(app.session.match.open_categories()[0])))
    result = [changes["html"] for changes in ops(effects, "challenge-result") if "html" in changes]
    assert result and "with hints" not in result[-1]


EVENTS = st.lists(
    st.sampled_from(
        [
            Pressed(Button.ROLL),
            Toggled(Switch.HINTS, True),
            Toggled(Switch.HINTS, False),
            Pressed(Button.AIM_CHALLENGE),
            Pressed(Button.AIM_BEST),
            Pressed(Button.AIM_POINTS),
            Pressed(Button.AIM_SET, form=typed("200")),
            DieToggled(0),
            DieToggled(3),
            Key("r"),
            Key("h"),
            BoxChosen("choice"),
            BoxChosen("yacht"),
            BoxChosen("sixes"),
        ]
    ),
    max_size=14,
)
NO_HINTS = challenge_text(False, seed=9)[0]
HISTORY = History().add(demo_record()).to_json()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EVENTS)
def test_in_a_no_hints_challenge_no_hint_of_any_kind_is_ever_shown(events):
    app, effects = start(f"challenge={NO_HINTS}", stored={HISTORY_KEY: HISTORY})
    assert app.session.shared and not app.session.hints_allowed
    for event in events:
        app, effects = fired(*send(app, event))
        assert app.table.hint is None and view(app).hinted == () and hint_html(effects) is None
        assert not [changes for changes in ops(effects, "hint") if changes.get("hidden") is False]
        assert not app.session.hints and app.session.feedback is None and not app.session.hinted
        assert all(not op[1].get("toggle", {}).get("hint-keep") for op in _apply_ops(effects))
        assert all(not op[1].get("toggle", {}).get("hint-best") for op in _apply_ops(effects))


def _apply_ops(effects) -> list:
    return [op for ops_, _ in of(effects, "apply") for op in ops_]

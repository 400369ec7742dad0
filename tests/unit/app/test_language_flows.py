"""What tests/e2e/test_languages.py played in the browser, through ``update`` only: a browser's language chosen at the
start, a switch mid-match that leaves the match as it was, the rules screen in the language, a Maxi Yatzy card
in Swedish. The browser keeps <html lang>, the page's fixed texts, the catalogue's fetch, layout and axe.
"""

from __future__ import annotations

import html
import re

from game.app.events import BoxChosen, Button, DieToggled, Fetched, LanguagePicked, Pressed
from game.app.keys import LANGUAGE_KEY, REFERENCES, SAVE_KEY, Wanted
from game.app.state import Screen
from game.core import variants
from game.core.engine import new_match
from game.present import board_view, rules_text
from tests.helpers.app import of, ops, send, start, stores, visible
from tests.helpers.words import FIXED, catalogue, text_in


def started_in(code: str, query: str):
    """An App started from ``query`` in a browser of language ``code``, once its catalogue has come."""
    app, effects = start(query, languages=(code,), msgids=FIXED)
    assert of(effects, "fetch") == [(f"language:{code}", f"./static/locale/{code}.mo")]
    app, more = send(app, Fetched(Wanted.language(code), catalogue(code)))
    return app, effects + more


def row_name(card: str, row: str) -> str:
    """The name a scorecard row shows (its <th>), from the card's html."""
    found = re.search(rf'<tr[^>]*>\s*<th[^>]*>([^<]*)</th>(?:(?!</tr>).)*data-row="{row}"', card, re.S)
    assert found, row
    return html.unescape(found[1])


def choice_labels(effects) -> list[str]:
    """The names of the scorecard's boxes offered as choices, as the last draw left them."""
    labels: dict[object, str] = {}
    for ops_, _ in of(effects, "apply"):
        for at, changes in ops_:
            if "#scorecard td" in str(at) and "html" in changes:
                found = re.search(
                    r'class="choice"[^>]*aria-label="([^"]*)"|aria-label="([^"]*)"[^>]*class="choice"', changes["html"]
                )
                labels[at] = html.unescape(found[1] or found[2]) if found else ""
    return [label for label in labels.values() if label]


def rules_title(effects) -> str:
    """The rules screen's title, as its last draw left it."""
    return plain(re.search(r'<h2 id="rules-title"[^>]*>(.*?)</h2>', ops(effects, "rules-body")[-1]["html"])[1])


def screen(effects) -> str | None:
    """The screen over the game that the effects leave shown (<body data-screen>): None for the game itself."""
    changes = ops(effects, ("body", 0))[-1]
    return changes.get("attrs", {}).get("data-screen")


def plain(markup: str) -> str:
    """An html fragment's text, its tags dropped and its characters unescaped, runs of spaces made one."""
    return re.sub(r"[ \t\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()  # a no-break space stays


def test_a_swedish_browser_gets_swedish_and_plays_a_turn():
    sv = text_in("sv")
    app, effects = started_in("sv", "rules=yatzy&players=Ann&seed=5")
    assert app.screen.kind is Screen.PLAY and app.t.code == "sv"
    ((code, _, words),) = of(effects, "language")
    assert code == "sv" and words == {"Statistics": sv._("Statistics"), "Yacht Dice": sv._("Yacht Dice")}
    card = ops(effects, "scorecard")[-1]["html"]
    assert row_name(card, "full_house") == "Kåk" == variants.ruleset("yatzy").category("full_house").display(sv)
    roll = [changes["text"] for changes in ops(effects, "roll-button") if "text" in changes][-1]
    assert roll == board_view.roll_label(new_match("yatzy", ["Ann"], seed=5), t=sv)
    app, effects = send(app, Pressed(Button.ROLL))
    labels = choice_labels(effects)
    assert labels and not [label for label in labels if label.endswith(("points", "point"))], labels
    app, effects = send(app, BoxChosen(next(iter(app.session.match.options()))))
    status = ops(effects, "status")[-1]["text"]
    assert status and status != board_view.status(new_match("yatzy", ["Ann"], seed=5)) and "Ann" in status, status


def test_switching_language_mid_match_keeps_the_match_and_is_remembered():
    app, _ = start("rules=yahtzee&players=Ann,Bob&seed=11", msgids=FIXED)
    app, _ = send(app, Pressed(Button.ROLL), DieToggled(0))
    before = app.session
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), catalogue("de")))
    de = text_in("de")
    assert app.t.code == "de" and of(effects, "language")[-1][2]["Statistics"] == de._("Statistics")
    card = ops(effects, "scorecard")[-1]["html"]
    assert row_name(card, "chance") == variants.ruleset("yahtzee").category("chance").display(de)
    assert app.session == before and not stores(effects, SAVE_KEY)  # the match is untouched
    assert stores(effects, LANGUAGE_KEY) == ["de"]
    for die, face in enumerate(before.match.dice):  # the dice as they were: worded anew, the same faces and holds
        (changes,) = [c for c in ops(effects, (f'#dice button[data-die="{die}"]', 0)) if "attrs" in c]
        assert changes["attrs"]["aria-pressed"] == ("true" if die == 0 else "false")
        assert re.findall(r'data-face="(\d)"', changes["html"]) == [str(face)] and not changes["toss"]
    app, effects = send(app, BoxChosen(next(iter(app.session.match.options()))))  # play goes on
    after = stores(effects, SAVE_KEY)[-1]
    # Remembered: the next start fetches German first, and resumes the match where it was.
    again, effects = start(stored={LANGUAGE_KEY: "de", SAVE_KEY: after}, languages=("en-US",))
    assert of(effects, "fetch") == [("language:de", "./static/locale/de.mo")]
    again, effects = send(again, Fetched(Wanted.language("de"), catalogue("de")))
    assert again.t.code == "de" and again.session.to_json() == after


def test_the_rules_screen_shows_the_match_rules_and_follows_the_language():
    yacht = variants.ruleset("yacht")
    text = rules_text.rules_of(yacht)
    full_house = text.box("full_house")
    app, _ = start("rules=yacht&players=Ann&seed=4")
    app, effects = send(app, Pressed(Button.MENU_RULES))
    assert visible(effects, "rules") and screen(effects) == "rules"  # over the game, which it hides
    assert rules_title(effects) == text.title()
    shown = plain(ops(effects, "rules-body")[-1]["html"])
    for sentence in (full_house.condition, full_house.payout, *full_house.notes):
        assert sentence.text() in shown, sentence.text()
    app, effects = send(app, LanguagePicked("fr"), Fetched(Wanted.language("fr"), catalogue("fr")))
    fr = text_in("fr")
    assert rules_title(effects) == text.title(fr)
    assert full_house.condition.text(fr) in plain(ops(effects, "rules-body")[-1]["html"])
    app, effects = send(app, Pressed(Button.RULES_CLOSE))
    assert visible(effects, "rules") is False and screen(effects) is None
    # One screen at a time: Statistics over Rules closes Rules, and closing Statistics shows the game.
    app, effects = send(app, Pressed(Button.MENU_RULES), Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    assert visible(effects, "rules") is False and visible(effects, "stats") and screen(effects) == "stats"
    app, effects = send(app, Pressed(Button.STATS_CLOSE))
    assert visible(effects, "rules") is not True and visible(effects, "stats") is False and screen(effects) is None


def test_a_maxi_yatzy_link_shows_its_boxes_and_saved_rolls_in_swedish():
    sv, maxi = text_in("sv"), variants.ruleset("maxi")
    app, effects = started_in("sv", "rules=maxi&players=Ann&seed=5")
    card = ops(effects, "scorecard")[-1]["html"]
    assert [row_name(card, "villa"), row_name(card, "tower")] == ["Hus", "Torn"]  # Kåk is the full house
    assert card.count('class="category') == len(maxi.categories) == 20
    app, effects = send(app, Pressed(Button.MENU_RULES))
    text = rules_text.rules_of(maxi)
    assert rules_title(effects) == text.title(sv) == "Regler: Maxi Yatzy"
    shown = plain(ops(effects, "rules-body")[-1]["html"])
    saved = [s for s in text.general if s.msgid in (rules_text._SAVED, rules_text._SAVED_EXAMPLE[0])]
    assert len(saved) == 2 and all(s.text(sv) in shown for s in saved), shown
    for box in text.boxes:
        assert box.name(sv) in shown and box.condition.text(sv) in shown

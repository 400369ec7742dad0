"""A whole Maxi Yatzy game in Swedish by keys through ``update``, read as the page shows it (moved from
tests/e2e/test_maxi_by_keyboard.py, which keeps one turn by keyboard on the phone and its layout): a turn that stops
after one roll saves two rolls, a later turn spends them, every box filled and the ending in Swedish.

Enter on a focused box is the browser's click on it, so a box is chosen here by its click."""

from __future__ import annotations

from collections import Counter

from game.app.events import BoxChosen, Fetched, Key
from game.app.keys import Wanted
from game.core.actions import Action, Hold, Roll, Score
from game.core.engine import Match
from game.core.i18n import Text
from game.present import board_view, standings
from game.records.choices import parse_link
from tests.helpers.app import opened, play
from tests.helpers.page import cell, dice, held, status, words
from tests.helpers.words import catalogue

SEED = 41  # its second turn rolls four times without six alike
QUERY = f"rules=maxi&players=Ann&seed={SEED}"


class Table:
    """The App played by keys, and the same match replayed here action by action."""

    def __init__(self):
        self.sv = Text.from_mo("sv", catalogue("sv"))
        self.app, self.page, _ = opened(QUERY, languages=("sv-SE",))
        self.app, self.page, _ = play(self.app, self.page, Fetched(Wanted.language("sv"), catalogue("sv")))
        self.match: Match = parse_link("?" + QUERY)[0].start(t=self.sv)

    def send(self, event, action: Action) -> None:
        self.app, self.page, _ = play(self.app, self.page, event)
        self.match = self.match.apply(action)
        assert self.app.session.match.actions == self.match.actions

    def roll(self) -> None:
        self.send(Key("r"), Roll())
        shown = [die for die in board_view.dice(self.match, t=self.sv)]
        assert dice(self.page, 6) == [die.label for die in shown] and held(self.page, 6) == [d.held for d in shown]

    def hold_the_most(self) -> None:
        """Hold (keys 1–6) every die showing the face most dice show, the higher face on a tie."""
        face = max(Counter(self.match.dice).items(), key=lambda item: (item[1], item[0]))[0]
        for index, shown in enumerate(self.match.dice):
            if shown == face and not self.match.held[index]:
                self.send(Key(str(index + 1)), Hold(index))

    def score_the_best(self) -> None:
        order = [c.id for c in self.match.ruleset.categories]
        options = self.match.options()
        best = max(options, key=lambda box: (options[box], -order.index(box)))
        self.send(BoxChosen(best), Score(best))

    def roll_label(self) -> str:
        shown = words(self.page, "roll-button")
        assert shown == board_view.roll_label(self.match, t=self.sv)
        return shown


def test_a_whole_maxi_yatzy_game_by_keys_in_swedish():
    table = Table()
    assert len(table.match.ruleset.categories) == 20 and table.match.ruleset.dice == 6
    table.roll()  # the first turn stops after one roll: two are saved
    table.score_the_best()
    assert table.match.saved_rolls(0) == 2 and table.roll_label() == "Slå (5 kvar, sparade: 2)"
    table.roll()
    for _ in range(3):  # the turn's own rolls spent, then a saved one: a fourth roll in one turn
        table.hold_the_most()
        table.roll()
    assert table.match.rolls == 4 and status(table.page).startswith(board_view.rolled(table.match, t=table.sv))
    assert "slag 4 av 5" in status(table.page) and table.roll_label() == "Slå (1 kvar, sparade: 1)"
    table.score_the_best()

    while not table.match.game_over:  # the other turns: three rolls each, keeping the most alike
        table.roll()
        for _ in range(2):
            table.hold_the_most()
            if all(table.match.held):
                break  # six alike
            table.roll()
        table.score_the_best()

    card = table.match.cards[-1][0]
    for category in table.match.ruleset.categories:  # every box filled, as replayed here
        assert cell(table.page, category.id) == str(card.scores[category.id])
    assert cell(table.page, "grand_total") == str(table.match.totals(0).grand_total)
    results = standings.results(table.match, t=table.sv)
    assert results is not None and results.final
    assert f">{results.headline}<" in table.page["scene"]["html"]
    assert results.headline != standings.results(table.match).headline
    said = board_view.status(table.match, t=table.sv)  # after the last box's points: the match is over, in Swedish
    # The tray is hidden then: its status line says nothing, the ear's region says it (issue 58).
    assert said.startswith("Matchen är slut.") and table.page["spoken"]["text"].endswith(said)

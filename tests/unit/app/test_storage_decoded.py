"""Storage decoded once (issue 56): the history is read into a typed value once per stored text, by its first reader
(not at the start: the first paint), again once another tab wrote it, and this tab's own write keeps the value it
wrote; its readers (Statistics, the records, the hint's target) read that value, never parsing the text again. The
trainer's data likewise; the shared games and the fingerprints of those gone at the start (a start reads them)."""

from __future__ import annotations

from dataclasses import replace

from game.app.events import Button, Fetched, Pressed, StatsFiltered, Stored
from game.app.keys import HISTORY_KEY, REFERENCES
from game.app.view import view
from game.core.refusals import GameError
from game.records.history import History
from game.records.record import demo_record
from tests.helpers.app import play_out, send, settled, start, stores

DEMO = History().add(demo_record())


def test_the_history_is_decoded_once_per_stored_text_by_its_first_reader(monkeypatch):
    """Not at a start that resumes a match or opens a link (a long history would delay its table): a start on the
    lobby reads it once, for the lobby's lines (the player's best, their days in a row); Statistics reads what was
    decoded, a filter changed too, another tab's write is decoded by the next reader, and an unreadable one is its
    problem."""
    parsed = []
    from_json = History.from_json
    monkeypatch.setattr(History, "from_json", classmethod(lambda cls, text: parsed.append(text) or from_json(text)))
    app, _ = start("players=Ann&rules=yacht", stored={HISTORY_KEY: DEMO.to_json()})
    assert app.storage.history is None and parsed == []
    app, _ = start(stored={HISTORY_KEY: DEMO.to_json()})
    assert app.storage.history == DEMO and len(parsed) == 1
    parsed.clear()
    app = replace(app, storage=replace(app.storage, history=None))  # as before the lobby's lines: Statistics reads it
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, b"{}"), StatsFiltered(None, "Bob"))
    assert app.storage.history == DEMO and len(parsed) == 1 and "Bob" in str(view(app).stats)
    other = DEMO.add(demo_record())
    app, _ = send(app, Stored(HISTORY_KEY, other.to_json()))
    assert app.storage.history is None and len(parsed) == 1
    app, _ = send(app, StatsFiltered(None, "Ann"))
    assert app.storage.history == other and len(parsed) == 2
    app, _ = send(app, Stored(HISTORY_KEY, "[not a history"), StatsFiltered(None, "Bob"))
    assert isinstance(app.storage.history, GameError)


def test_finished_games_are_recorded_reading_the_stored_text_once(monkeypatch):
    """The first record decodes what the start found; each write keeps the history it wrote, so the next match's
    record reads no text again."""
    parsed = []
    from_json = History.from_json
    monkeypatch.setattr(History, "from_json", classmethod(lambda cls, text: parsed.append(text) or from_json(text)))
    app, _ = start("players=Ann&rules=yacht", stored={HISTORY_KEY: DEMO.to_json()})
    for _match in range(2):
        app, page, effects = play_out(app)
        app, _ = settled(app, page, effects)
        app, _ = send(app, Pressed(Button.PLAY_AGAIN))
    assert parsed == [DEMO.to_json()] and len(app.storage.history.games) == len(DEMO.games) + 2
    assert from_json(app.value(HISTORY_KEY)) == app.storage.history


def test_the_trainers_data_is_decoded_once_and_each_answer_keeps_what_it_wrote(monkeypatch):
    from game.app.events import DrillAnswered
    from game.app.keys import TRAINER_KEY
    from game.coach.drills import code
    from game.records.trainer import Trainer

    parsed = []
    from_json = Trainer.from_json
    monkeypatch.setattr(Trainer, "from_json", classmethod(lambda cls, text: parsed.append(text) or from_json(text)))
    app, _ = start("rules=yacht&players=Ann", stored={TRAINER_KEY: Trainer().to_json()})
    assert app.storage.trainer is None and parsed == []  # the start reads none
    app, _ = send(app, Pressed(Button.PRACTISE))
    for _ in range(3):
        app, _ = send(app, DrillAnswered(code(app.screen.solution.best)), Pressed(Button.DRILL_NEXT))
    assert parsed == [Trainer().to_json()] and app.storage.trainer.progress("Ann").solved == 3
    assert from_json(app.value(TRAINER_KEY)) == app.storage.trainer
    app, _ = send(app, Stored(TRAINER_KEY, "[not the trainer's"))  # another tab's: decoded by the next reader
    assert app.storage.trainer is None
    app, effects = send(app, DrillAnswered(code(app.screen.solution.best)))
    assert isinstance(app.storage.trainer, ValueError) and len(parsed) == 2 and not stores(effects, TRAINER_KEY)


def test_the_shared_games_are_decoded_at_the_start_and_each_click_keeps_what_it_wrote(monkeypatch):
    """A daily game is kept among the shared games at every click: the list is decoded at the start and after
    another tab's write only, never at a click."""
    import json

    from game.app import parts
    from game.app.keys import SEEN_KEY, SHARED_KEY

    decoded = []  # the stored lists' texts read (the settings beside them are read apart)
    stored_lists = parts._stored_lists
    monkeypatch.setattr(parts, "_stored_lists", lambda text: decoded.append(text) or stored_lists(text))
    app, _ = start(stored={SEEN_KEY: '[["abc", 200]]'})
    assert decoded == [None, '[["abc", 200]]'] and app.storage.gone == (["abc", 200],)
    app, _ = send(app, Pressed(Button.QUICK_DAILY))
    for _ in range(3):
        app, _ = send(app, Pressed(Button.ROLL))
    assert app.session.shared and app.session.match.rolls == 3 and len(decoded) == 2
    assert [list(entry) for entry in app.storage.shared] == json.loads(app.value(SHARED_KEY))
    app, _ = send(app, Stored(SHARED_KEY, "[]"))  # another tab's write
    assert decoded[2:] == ["[]"] and app.storage.shared == ()

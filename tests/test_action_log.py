"""The table's log keeps the whole hand in words and scrolls back through it."""
from game.engine import events as E
from game.engine.events import Event
from game.shell.i18n import Translator
from game.ui.action_log import ActionLog, action_words, describe

NAMES = ["You", "South", "West", "North"]


def test_passes_payments_and_refunds_are_logged() -> None:
    t = Translator("en")
    assert describe(Event(E.PASS, 2), NAMES, t, "en") == "West: pass"
    refund = Event(E.PAYMENT, 0, data=E.PaymentData(1, 1, "chi_refund"))
    line = describe(refund, NAMES, t, "en")
    assert line is not None and line.startswith("South → You: 1") and "results." not in line
    zh = describe(refund, ["你", "南", "西", "北"], Translator("zh"), "zh")
    assert zh is not None and "吃吐" in zh


def test_the_log_keeps_everything_and_scrolls_back() -> None:
    log = ActionLog()
    for i in range(20):
        log.add(f"line {i}")
    assert log.snapshot(6) == tuple(f"line {i}" for i in range(14, 20))
    assert log.snapshot(4) == tuple(f"line {i}" for i in range(16, 20))
    log.scroll(100, 6)
    assert log.snapshot(6)[0] == "line 0", "back to the start of the hand"
    log.add("line 20")
    assert log.snapshot(6)[0] == "line 0", "new lines do not move what is being read"
    log.scroll(-100, 6)
    assert log.snapshot(6)[-1] == "line 20"


def test_ai_reasoning_reads_in_the_players_words() -> None:
    assert action_words("0 discard 5m ready", Translator("zh"), "zh") == "打出 五万 报听"
    assert action_words("1 chi 3m 45m", Translator("en"), "en").startswith("Chow 3m")
    assert action_words("2 tsumo 7p", Translator("en"), "en") == "Self-draw 7p"


def test_a_line_said_instead_replaces_only_the_next_one_it_names() -> None:
    log = ActionLog()
    log.say_instead("A: pass", "Time is up - A: pass")
    log.add("B: pass")
    log.add("A: pass")
    log.add("A: pass")
    assert log.lines == ["B: pass", "Time is up - A: pass", "A: pass"]

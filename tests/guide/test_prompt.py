"""The help commands at a real game's prompt, typed as a person would."""

from __future__ import annotations

from tests.cli.runner import run


def test_odds_hint_why_and_rule_at_the_prompt() -> None:
    typed = "odds 1\nodds\nhint\nwhy place card=ZZ row=offense\nwhy 1\nrule TSFB-DMG-1\nrule NOPE\nquit\n"
    result = run("play", "travel-sfb", "--seed", "9", "--seat1", "human", "--seat2", "heuristic", input=typed)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "You are dealt 9\u2660 5\u2660 10\u2666 K\u2665 A\u2663.  [TSFB-DEAL-1]" in out  # every log line names its rule
    assert "  1. Put 9\u2660 in Offense: you deal no damage 100%" in out and "(estimated by sampling)" in out
    assert "(If you stop allocating here, over 120 deals of the cards you have not seen" in out
    assert "The strongest computer player would choose: " in out and "simulated games from what you can see" in out
    assert "Not legal: place card=ZZ row=offense is not legal for seat1 now (ZZ is not in your hand)" in out
    assert "[TSFB-ALLOC-1]\nRule TSFB-ALLOC-1: Three rows" in out
    assert "Put 9\u2660 in Offense is legal now." in out
    assert "TSFB-DMG-1: Damage dealt = own Offense total minus the enemy's Defense total" in out
    assert "There is no rule 'NOPE' in this game's rules" in out

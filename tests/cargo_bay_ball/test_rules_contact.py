"""CBB-ACT-SLOB-*, CBB-REACT-3..5, CBB-PEN-*, CBB-CREW-*: slobberknockers, the Official, penalties,
recovery, re-entry, and the crew cards."""

from __future__ import annotations

from tabletop.testing import assert_rejected
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import BOXED, DOWN, STANDING, WAITING
from tabletop.titles.cargo_bay_ball.data import SKILLS, load_crew

from .helpers import act, at, position


def crew(slug, side, where, **more):
    return {"crew": slug, "side": side, "at": where, **more}


def legal(state):
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def knock(dice, jayne="E6", simon="F6", ball=None, obstacles=(), attacker="jayne", **scenario):
    lineup = [crew(attacker, 1, jayne), crew("mal", 1, "B2"), crew("simon", 2, simon), crew("kaylee", 2, "N10")]
    return position(lineup, dice=dice, ball=ball or "B5", turn={"crew": attacker}, obstacles=list(obstacles),
                    **scenario)


def test_CBB_ACT_SLOB_1_slobr_against_endur_and_the_officials_roll():
    state = knock([4, 2, 3, 3])
    log = act(state, "slobberknock target=simon")
    assert log == ["Jayne slobberknocks Simon: 4+5=9 against 2+3=5. Simon is knocked down.",
                   "Official Book rolls 2d6=6 against OFF 5: no call."]
    assert state.status[state.crew_by_slug("simon")] == DOWN


def test_CBB_ACT_SLOB_1_ties_go_to_the_attacker_and_a_failure_does_nothing():
    state = knock([1, 4, 3, 3])  # 1+5=6 against 4+3=7: no
    assert act(state, "slobberknock target=simon") == [
        "Jayne slobberknocks Simon: 1+5=6 against 4+3=7. Simon shrugs it off."]
    assert state.status[state.crew_by_slug("simon")] == STANDING
    state = knock([2, 4, 3, 3])  # 2+5=7 against 4+3=7: a tie knocks down
    assert act(state, "slobberknock target=simon")[0].endswith("Simon is knocked down.")


def test_CBB_ACT_SLOB_2_the_attacker_picks_the_push_space_or_none():
    state = knock([4, 2, 3, 3])
    act(state, "slobberknock target=simon")
    options = legal(state)
    assert options[0] == "push to=-" and "push to=G6" in options and "push to=E6" not in options
    assert act(state, "push to=G6") == ["Jayne pushes Simon to G6."]
    assert at(state, "simon") == "G6" and state.to_act == ("seat1",)
    state = knock([4, 2, 3, 3])
    act(state, "slobberknock target=simon")
    assert act(state, "push to=-") == ["Jayne leaves Simon where they fell."]
    assert at(state, "simon") == "F6"


def test_CBB_ACT_SLOB_3_a_downed_carrier_drops_the_ball_and_cannot_act():
    state = knock([4, 2, 3, 3], ball="simon")
    log = act(state, "slobberknock target=simon")
    assert "Simon drops the ball on F6." in log
    act(state, "push to=G6")
    assert state.holder == -1 and state.game.board.labels[state.ball] == "F6"
    assert "slobberknock target=simon" not in legal(state) and "steal target=simon" not in legal(state)


def test_CBB_REACT_4_a_called_foul_sends_the_attacker_to_the_airlock():
    state = knock([4, 2, 2, 3], ball="jayne")
    log = act(state, "slobberknock target=simon")
    assert log[1:] == ["Official Book rolls 2d6=5 against OFF 5: dirty play called on Jayne!",
                       "Jayne goes to the airlock for dirty play until the end of the Round, dropping the ball on E6."]
    assert state.status[state.crew_by_slug("jayne")] == BOXED and state.pos[state.crew_by_slug("jayne")] == -1
    assert "push to=E6" in legal(state)  # the push still happens; Jayne's old space is free now
    act(state, "push to=-")
    assert state.active != state.crew_by_slug("jayne")  # the penalty ends Jayne's turn


def test_CBB_REACT_5_slobberknocking_someone_on_an_obstacle_is_an_automatic_penalty():
    state = knock([4, 2], obstacles=["F6"])
    log = act(state, "slobberknock target=simon")
    assert log[1:] == ["Simon was standing on an obstacle: dangerous play, an automatic penalty.",
                       "Jayne goes to the airlock for dangerous play until the end of the Round."]
    call = next(event for event in state.events if "dangerous play, an automatic" in event.text)
    assert call.rule == "CBB-REACT-5"  # no Official's roll: not the dirty-play rule's line


def test_CBB_REACT_3_recovery_at_the_end_of_the_round():
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, "B2", acted=True), crew("simon", 2, "F6", status="down"),
              crew("kaylee", 2, "N10", status="down")]
    state = position(lineup, dice=[3, 4, 1, 2], ball="B5", turn={"crew": "jayne"})
    log = act(state, "skip")
    assert "Simon tries to get up: 1d6=3 against ENDUR 3: back on their feet." in log
    assert "Kaylee tries to get up: 1d6=4 against ENDUR 4: back on their feet." in log
    state = position(lineup, dice=[4, 5, 1, 2], ball="B5", turn={"crew": "jayne"})
    act(state, "skip")
    assert state.status[state.crew_by_slug("simon")] == DOWN and state.status[state.crew_by_slug("kaylee")] == DOWN


def test_CBB_PEN_2_the_airlock_holds_penalised_crew_until_the_end_of_the_round():
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, None, status="penalty-box"), crew("simon", 2, "F6", acted=True),
              crew("kaylee", 2, "N10", acted=True)]
    state = position(lineup, dice=[1, 1], ball="B5", turn={"crew": "jayne"})
    log = act(state, "skip")
    assert "Mal's penalty ends; they wait at the airlock door." in log
    assert state.status[state.crew_by_slug("mal")] == WAITING


def test_CBB_PEN_4_reentry_through_the_airlock_door_taking_a_ball_lying_there():
    lineup = [crew("jayne", 1, None, status="at-door"), crew("mal", 1, "B2", acted=True),
              crew("simon", 2, "F6"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="I11", turn={"side": 1})
    assert state.active == state.crew_by_slug("jayne")
    log = [e.text for e in state.events]
    assert log[-1] == "Jayne comes back in through the airlock door onto I11."
    assert legal(state) == ["pick-up crew=jayne", "leave-ball crew=jayne"]
    assert act(state, "pick-up crew=jayne") == ["Jayne picks up the loose ball on I11."]
    assert state.holder == state.crew_by_slug("jayne")
    # With the door space taken, the nearest empty space serves.
    lineup[3] = crew("kaylee", 2, "I11")
    state = position(lineup, ball="B5", turn={"side": 1})
    assert at(state, "jayne") == "H10"


def test_CBB_PEN_1_dirty_play_dangerous_play_and_goaltending_are_the_three_fouls():
    state = knock([4, 2, 2, 3])
    assert "dirty play called on Jayne!" in act(state, "slobberknock target=simon")[1]
    state = knock([4, 2], obstacles=["F6"])
    assert "dangerous play" in act(state, "slobberknock target=simon")[1]


def test_CBB_CREW_1_the_nine_cards_as_printed():
    printed = {
        "kaylee": (4, 3, 3, 4, 3, 3, 2, 4, 3), "mal": (5, 3, 4, 3, 3, 3, 4, 5, 5),
        "jayne": (4, 3, 5, 3, 3, 5, 5, 6, 1), "simon": (2, 3, 3, 2, 2, 3, 2, 3, 5),
        "book": (3, 3, 3, 4, 1, 3, 1, 2, 5), "river": (0, 0, 0, 3, 6, 3, 0, 2, 6),
        "inara": (2, 3, 3, 2, 4, 2, 2, 3, 6), "wash": (3, 6, 3, 3, 4, 3, 3, 4, 2),
        "zoe": (4, 3, 4, 3, 6, 4, 4, 6, 3),
    }
    cards = load_crew()
    assert {c.id: c.skills for c in cards} == printed
    assert SKILLS == ("SHOOT", "PASS", "MOVE", "CATCH", "STEAL", "BLOCK", "SLOBR", "ENDUR", "OFF")


def test_CBB_CREW_3_wash_and_zoe_share_a_card_wash_first():
    cards = [c for c in load_crew() if c.card == "wash-zoe"]
    assert [c.id for c in cards] == ["wash", "zoe"]


def test_CBB_CREW_2_rivers_1d6_skills_are_rolled_every_time():
    state = knock([4, 3, 2, 3, 3], attacker="river")
    log = act(state, "slobberknock target=simon")
    assert log[:2] == ["River's SLOBR is rolled: 1d6=4.",
                       "River slobberknocks Simon: 3+4=7 against 2+3=5. Simon is knocked down."]
    lineup = [crew("river", 1, "H4"), crew("mal", 1, "B2"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[5, 1, 6, 2, 1], ball="river", turn={"crew": "river"},
                     options={"river_shoot": "once-per-shot"})
    log = act(state, "shoot")
    assert log[:2] == ["River's SHOOT is rolled: 1d6=5.",
                       "River shoots from H4 (2 from the goal): 1d6=1+SHOOT 7 (+2 within 2 of the goal)=8 spaces."]
    assert "River's scoring roll: 1d6=6 against SHOOT 7: through the ring unless it is blocked!" in log
    state = position(lineup, dice=[2], ball="B5", turn={"crew": "river"})
    assert act(state, "step to=G4") == ["River's MOVE is rolled: 1d6=2.", "River moves to G4."]
    assert state.move_left == 1
    # Her jump over a downed player needs a known two spaces, so it waits until a move is under way.
    assert_rejected(state, "seat2", A.Skip())

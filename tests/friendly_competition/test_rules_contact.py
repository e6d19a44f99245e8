"""Tackles, the dispersal spider, jostles and fouls."""

from __future__ import annotations

from tabletop.testing import assert_rejected
from tabletop.titles.friendly_competition.actions import (
    DontTry,
    EndTurn,
    Jostle,
    Move,
    Pass,
    PickUp,
    Tackle,
    Try,
)
from tabletop.titles.friendly_competition.pitch import PITCH
from tabletop.titles.friendly_competition.rules import SPIDER

from .helpers import position, texts

BLUE2, BLUE3 = 1, 2
RED_GOALIE, RED2, RED3 = 6, 7, 8


def tackle_position(ap: int = 10, dice=None, **extra):
    return position(["f19", "j12", "h12"], ["j2", "j11"], ball={"holder": "seat2:2"}, ap=ap, dice=dice, **extra)


def test_FSC_TACKLE_1_higher_roll_wins_and_pays_one_ap_to_take_the_ball():
    state = tackle_position(dice=[5, 3])
    state.apply("seat1", Tackle(2))
    assert state.holder == BLUE2 and state.ball == PITCH.parse("j12")
    assert state.ap == 8  # 1 for the tackle, 1 to take possession
    assert "rolls 5 against 3, wins the ball and pays 1 AP to take it" in texts(state)


def test_FSC_AP_TAKE_winning_tackler_without_ap_leaves_the_ball_loose():
    state = tackle_position(ap=1, dice=[5, 3])
    state.apply("seat1", Tackle(2))
    assert state.holder == -1 and state.ball == PITCH.parse("j11")
    assert state.to_act == ("seat2",)  # out of AP: the turn is over
    assert PickUp(2) in state.legal_actions("seat2")


def test_FSC_TACKLE_1_carrier_keeps_the_ball_on_a_higher_roll():
    state = tackle_position(dice=[2, 5])
    state.apply("seat1", Tackle(2))
    assert state.holder == RED2 and state.ap == 9 and state.to_act == ("seat1",)


def test_FSC_TACKLE_2_tie_knocks_the_ball_free_by_the_spider():
    state = tackle_position(dice=[3, 3, 3, 2])
    state.apply("seat1", Tackle(2))
    assert state.to_act == ("seat1",) and state.legal_actions("seat1") == [Try(2), DontTry()]
    state.apply("seat1", DontTry())
    assert state.holder == -1 and state.ball == PITCH.parse("l11")
    assert "d10 shows 3, so the ball goes east; d6 shows 2 squares" in texts(state)


def test_FSC_TACKLE_2_spider_has_ten_legs_on_eight_directions():
    legs = [SPIDER.direction_for(roll) for roll in range(1, 11)]
    assert legs == ["n", "ne", "e", "e", "se", "s", "sw", "w", "w", "nw"]


def test_FSC_TACKLE_2_knocked_ball_can_cross_a_goal_line():
    state = position(["f19", "j3"], ["r6", "j2"], ball={"holder": "seat2:2"}, dice=[4, 4, 1, 3])
    state.apply("seat1", Tackle(2))
    assert state.score == [1, 0]


def test_FSC_TACKLE_3_second_tackle_is_minus_one_and_a_foul_if_it_fails():
    state = tackle_position(dice=[4, 4], tackles={"2": 1})
    state.apply("seat1", Tackle(3 - 1))
    assert "second tackle this turn, 1 AP): rolls 4-1=3 against 4" in texts(state)
    assert "Foul by Blue 2" in texts(state)
    assert state.to_act == ("seat2",) and state.turn == 2


def test_FSC_TACKLE_3_third_tackle_is_minus_two_and_a_failed_one_is_a_foul():
    state = tackle_position(dice=[6, 5], tackles={"3": 2})
    state.apply("seat1", Tackle(2))
    assert "third tackle this turn, 1 AP): rolls 6-2=4 against 5" in texts(state)
    assert "Foul" in texts(state) and state.to_act == ("seat2",)
    won = tackle_position(dice=[6, 3], tackles={"3": 2})
    won.apply("seat1", Tackle(2))
    assert won.holder == BLUE2 and "Foul" not in texts(won)


def test_FSC_TACKLE_3_first_failed_tackle_is_no_foul_and_tackles_are_limited():
    state = tackle_position(dice=[1, 6, 1, 2])
    state.apply("seat1", Tackle(2))
    assert state.to_act == ("seat1",) and "Foul" not in texts(state)
    limited = tackle_position(tackles={"2": 3})
    assert Tackle(2) not in limited.legal_actions("seat1")
    assert_rejected(limited, "seat1", Tackle(3))


def test_FSC_TACKLE_3_counts_per_teamster_by_option():
    state = tackle_position(dice=[4, 4, 3, 3, 3, 2], tackles={"2": 1}, options={"tackle_count": "teamster"})
    state.apply("seat1", Move(3, "e"))     # Blue 3 to i12, next to the carrier
    state.apply("seat1", Tackle(3))        # its first tackle: no penalty, a tie
    assert "first tackle this turn" in texts(state)


def test_FSC_TACKLE_4_goalie_in_its_goal_zone_cannot_be_tackled():
    state = position(["f19", "j3"], ["j2"], ball={"holder": "seat2:1"})
    assert not any(isinstance(a, Tackle) for a in state.legal_actions("seat1"))
    assert_rejected(state, "seat1", Tackle(2))
    outside = position(["f19", "j5"], ["j4"], ball={"holder": "seat2:1"})
    assert Tackle(2) in outside.legal_actions("seat1")


def test_FSC_TACKLE_4_either_zone_option_protects_in_the_enemy_zone_too():
    own = position(["j2", "j3"], ["r6", "k2"], ball={"holder": "seat1:1"}, side="seat2")
    assert Tackle(2) in own.legal_actions("seat2")
    either = position(["j2", "j3"], ["r6", "k2"], ball={"holder": "seat1:1"}, side="seat2",
                      options={"goalie_protection": "either-zone"})
    assert Tackle(2) not in either.legal_actions("seat2")


def test_FSC_JOSTLE_4_goalie_in_its_goal_zone_cannot_be_jostled():
    state = position(["f19", "j3"], ["j2", "r6"], ball={"at": "a10"})
    assert not any(isinstance(a, Jostle) for a in state.legal_actions("seat1"))
    assert_rejected(state, "seat1", Jostle(2, 1))
    allowed = position(["f19", "j3"], ["j2", "r6"], ball={"at": "a10"}, options={"goalie_jostle": "allowed"})
    assert Jostle(2, 1) in allowed.legal_actions("seat1")
    outside = position(["f19", "j5"], ["j4", "r6"], ball={"at": "a10"})
    assert Jostle(2, 1) in outside.legal_actions("seat1")
    either = position(["j2", "j3"], ["r6", "k2"], ball={"at": "a10"}, side="seat2",
                      options={"goalie_protection": "either-zone"})
    assert Jostle(2, 1) not in either.legal_actions("seat2")
    assert Jostle(2, 1) in position(["j2", "j3"], ["r6", "k2"], ball={"at": "a10"}, side="seat2").legal_actions("seat2")


def jostle_position(dice, **options):
    return position(["f19", "j12"], ["j2", "r6", "j11"], dice=dice, ball={"at": "a10"}, options=options or None)


def test_FSC_JOSTLE_1_jostle_off_the_ball_rolls_like_a_tackle():
    state = jostle_position([4, 3])
    assert Jostle(2, 3) in state.legal_actions("seat1")
    state.apply("seat1", Jostle(2, 3))
    assert state.ap == 9 and "rolls 4 against 3: no effect" in texts(state)
    carrier = tackle_position()
    assert Jostle(2, 2) not in carrier.legal_actions("seat1")  # the carrier is tackled, not jostled


def test_FSC_JOSTLE_2_winning_by_two_floors_the_loser_for_its_next_turn():
    state = jostle_position([6, 4])
    state.apply("seat1", Jostle(2, 3))
    assert state.floored[RED3] and "pushed to the ground" in texts(state)
    assert Jostle(2, 3) not in state.legal_actions("seat1")
    state.apply("seat1", EndTurn())
    red = state.legal_actions("seat2")
    assert not any(getattr(a, "who", None) == 3 for a in red)
    state.apply("seat2", EndTurn())
    assert not state.floored[RED3] and "Red 3 gets back up" in texts(state)


def test_FSC_JOSTLE_2_floored_teamster_cannot_intercept_or_mark():
    state = position(["f19", "j14", "l12"], ["j2", "r6", "k12"], ball={"holder": "seat1:2"},
                     dice=[6, 4, 3, 3], floored={"seat2": [3]})
    assert not state.is_marked(BLUE3)
    state.apply("seat1", Pass("short", "n"))
    assert state.phase == "play"  # Red 3 lies by the path but cannot try


def test_FSC_JOSTLE_2_rest_of_turn_option_gets_up_when_the_turn_ends():
    state = jostle_position([6, 4], floored_for="rest-of-turn")
    state.apply("seat1", Jostle(2, 3))
    assert state.floored[RED3]
    state.apply("seat1", EndTurn())
    assert not state.floored[RED3]


def test_FSC_JOSTLE_3_losing_by_two_is_a_foul():
    state = jostle_position([1, 3])
    state.apply("seat1", Jostle(2, 3))
    assert "Foul by Blue 2" in texts(state) and state.to_act == ("seat2",)


def test_FSC_JOSTLE_1_counts_as_a_tackle_by_option():
    state = jostle_position([5, 3], jostle_counts_as_tackle=True)
    state.tackles[BLUE2] = 1
    state.side_tackles = 1
    state.apply("seat1", Jostle(2, 3))
    assert "rolls 5-1=4 against 3" in texts(state)


def test_FSC_FOUL_1_a_foul_ends_the_turn_at_once_with_ap_unspent():
    state = jostle_position([1, 6])
    state.apply("seat1", Jostle(2, 3))
    assert state.turn == 2 and state.to_act == ("seat2",) and state.ap == 10
    assert [e.kind for e in state.events[-4:]] == ["jostle", "foul", "end-turn", "turn"]


def test_FSC_TACKLE_2_knocked_ball_flies_untouched_by_option():
    state = tackle_position(dice=[3, 3, 3, 2], options={"knocked_ball_interceptable": False})
    state.apply("seat1", Tackle(2))
    assert state.phase == "play" and state.ball == PITCH.parse("l11")

"""Rule options as a settings screen and a player see them: each option's description and
values, and one line naming the option for anything it does not take."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import msgspec
import pytest

from chickenfoot.core.games import make_rules
from chickenfoot.core.messages import ENGLISH
from chickenfoot.core.options import HELP, OptionInfo, RulesError, _explained, describe, described
from chickenfoot.core.rules import CLASSIC, PRESETS, REEVES, Rules
from chickenfoot.core.standard.rules import GAMES, StandardRules

EVERY_RULES = (*PRESETS.values(), *GAMES.values())
"""Every preset of Chicken Foot and every standard game, with its default options."""


def classic_refusal(changes: dict[str, Any]) -> str:
    """What classic's rules say when ``changes`` are made to them (they must refuse)."""
    with pytest.raises(RulesError) as caught:
        CLASSIC.with_options(**changes)
    return str(caught.value)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"centre_toes": 0}, "option centre_toes: expected a whole number of at least 1"),
        ({"centre_toes": 19}, "option centre_toes: expected a whole number of at most 18"),
        ({"centre_toes": "x"}, "option centre_toes: expected a whole number, got a string"),
        ({"centre_toes": True}, "option centre_toes: expected a whole number, got true or false"),
        (
            {"double_blank_points": None},
            "option double_blank_points: expected a whole number, got null",
        ),
        ({"length": "forever"}, "option length must be one of full, half, single"),
        ({"length": 5}, "option length: expected a string, got a whole number"),
        ({"set_by_players": 5}, "option set_by_players: expected a list, got a whole number"),
        (
            {"set_by_players": [[4, "a"]]},
            "option set_by_players [0][1]: expected a whole number, got a string",
        ),
        (
            {"bogus": 1, "other": 2},
            "unknown option bogus, other; known options: centre_toes, centre_toes_per_player,"
            " double_blank_points, double_out_points, drawn_tile_must_be_played, foot_toes,"
            " hand_sizes, length, max_players, min_players, round_double, set_by_players,"
            " starter_draw_round_one, target_total, tie_break, undrawn_by_players",
        ),
    ],
)
def test_a_chicken_foot_option_it_cannot_take_is_named_in_one_line(
    changes: dict[str, Any], said: str
) -> None:
    assert classic_refusal(changes) == said


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"set_top": 7}, "option set_top must be one of 6, 9, 12"),
        ({"game": "chess"}, "unknown game 'chess'; known: draw, block, all-fives, bergen"),
        ({"partnership": 1}, "option partnership: expected true or false, got a whole number"),
        ({"hand_size": 0}, "option hand_size: expected a whole number of at least 1"),
        ({"players": 5}, "option players: expected a whole number of at most 4"),
    ],
)
def test_a_standard_option_it_cannot_take_is_named_in_one_line(
    changes: dict[str, Any], said: str
) -> None:
    with pytest.raises(RulesError) as caught:
        GAMES["all-fives"].with_options(**changes)
    assert str(caught.value) == said


def test_every_option_has_a_description_and_a_schema_of_its_values_only() -> None:
    for rules in (CLASSIC, REEVES, *GAMES.values()):
        for info in rules.describe_options():
            assert info.description.endswith("."), info
            assert not {"title", "description", "default", "$ref"} & set(info.schema), info
            assert info.default == rules.options()[info.name]


def every_option() -> list[OptionInfo]:
    """Every option of every preset and game, ``preset`` and ``game`` too."""
    return [info for rules in EVERY_RULES for info in describe(rules)]


def test_every_option_of_every_game_and_preset_is_described_by_a_code_of_the_catalogue() -> None:
    for info in every_option():
        assert info.message.code == f"{HELP}{info.name}", info
        assert dict(info.message.params) == {}
        assert info.description == ENGLISH[info.message.code]
    names = {info.name for info in every_option()}
    assert {code for code in ENGLISH if code.startswith(HELP)} == {HELP + n for n in names}


@pytest.mark.parametrize("kind", [Rules, StandardRules])
def test_the_json_schema_describes_each_option_with_the_catalogues_english(kind: type) -> None:
    properties = msgspec.json.schema(kind)["$defs"][kind.__name__]["properties"]
    assert set(properties) == {f.name for f in dataclasses.fields(kind)}
    for name, spec in properties.items():
        assert spec["description"] == ENGLISH[HELP + name], name


def test_an_option_both_games_have_with_one_meaning_has_one_description() -> None:
    chicken_foot = {info.name: info for info in CLASSIC.describe_options()}
    standard = {info.name: info for info in GAMES["draw"].describe_options()}
    assert set(chicken_foot) & set(standard) == {"drawn_tile_must_be_played"}
    shared = "drawn_tile_must_be_played"
    assert chicken_foot[shared].message == standard[shared].message


def test_a_description_the_catalogue_lacks_is_a_programming_error() -> None:
    with pytest.raises(KeyError, match=r"option-help\.sideways"):
        described("sideways")

    @dataclasses.dataclass(frozen=True)
    class Undescribed:
        toes: Annotated[int, msgspec.Meta(ge=1, description="Toes.")] = 3

    with pytest.raises(TypeError, match="no description"):
        describe(Undescribed())


def test_a_range_and_a_choice_are_in_the_schema() -> None:
    classic = {info.name: info for info in CLASSIC.describe_options()}
    assert classic["centre_toes"].schema == {"type": "integer", "minimum": 1, "maximum": 18}
    assert classic["length"].schema == {"enum": ["full", "half", "single"]}
    assert classic["length"].description == (
        "full: a round per double; half: the first half; single: one."
    )
    bergen = {info.name: info for info in GAMES["bergen"].describe_options()}
    assert bergen["set_top"].schema == {"enum": [6, 9, 12]}
    assert bergen["round_to"].schema == {"type": "integer", "minimum": 1, "maximum": 100}


def test_a_new_set_or_seat_count_deals_as_its_game_says_unless_told_otherwise() -> None:
    three = GAMES["draw"].with_options(players=3, set_top=6)
    assert three.hand_size == 5
    assert three.with_options(set_top=9).hand_size == 7
    assert three.with_options(set_top=9, hand_size=6).hand_size == 6
    assert GAMES["draw"].with_options(players=3).with_options(players=2).hand_size == 7


HANDS = [[2, 20], [3, 14], [4, 11], [5, 9], [6, 7], [7, 10], [8, 9]]


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        (
            {"min_players": 5, "max_players": 4},
            "player range 5..4 is empty (min_players is more than max_players)",
        ),
        (
            {"hand_sizes": [HANDS[1], HANDS[0], *HANDS[2:]]},
            "option hand_sizes: name each player count once, smallest first",
        ),
        (
            {"round_double": "dealt", "starter_draw_round_one": True},
            "starter_draw_round_one decides the start when the round's double is set aside; it"
            " cannot be combined with round_double dealt",
        ),
        (
            {"hand_sizes": [[2, 30], *HANDS[1:]]},
            "2 players: 60 tiles dealt or kept back, but the double-9 set has only 54 besides"
            " the round's double",
        ),
        (
            {"round_double": "dealt", "undrawn_by_players": [[2, 2]]},
            "2 players: tiles kept back cannot be combined with round_double dealt (the search"
            " for the round's double may need them)",
        ),
        (
            {"starter_draw_round_one": True, "hand_sizes": [*HANDS[:2], [4, 13], *HANDS[3:]]},
            "4 players: the draw for the start needs a boneyard tile per player",
        ),
        ({"foot_toes": 10}, "a double of the double-9 set has only 9 possible toes"),
        ({"set_by_players": [[4, 9]]}, "option set_by_players names no set for 5 players"),
        ({"hand_sizes": [[2, 20]]}, "option hand_sizes names no deal for 3 players"),
    ],
)
def test_chicken_foot_options_that_cannot_go_together_say_why(
    changes: dict[str, Any], said: str
) -> None:
    assert classic_refusal(changes) == said


@pytest.mark.parametrize(
    ("game", "changes", "said"),
    [
        (
            "bergen",
            {"players": 4, "partnership": True},
            "bergen has no partnership play (pagat describes none)",
        ),
        (
            "draw",
            {"players": 3, "partnership": True},
            "partnership play is 2 against 2: it needs 4 players",
        ),
        (
            "draw",
            {"hand_size": 20},
            "2 hands of 20 and 0 undrawn tiles need 40 tiles, the double-6 set has 28",
        ),
        ("bergen", {"spinner": True}, "headers are scored on a single line: no spinner"),
        ("all-fives", {"target": 0}, "all-fives scores during play, so it needs a target score"),
    ],
)
def test_standard_options_that_cannot_go_together_say_why(
    game: str, changes: dict[str, Any], said: str
) -> None:
    with pytest.raises(RulesError) as caught:
        GAMES[game].with_options(**changes)
    assert str(caught.value) == said


def test_an_unknown_game_is_named_with_the_games_there_are() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("chess", 2)
    assert str(caught.value) == (
        "unknown game 'chess'; known: chickenfoot, draw, block, all-fives, bergen"
    )


def test_a_deal_may_take_every_tile_but_the_rounds_double() -> None:
    every = CLASSIC.with_options(hand_sizes=[[2, 27], *HANDS[1:]])
    assert every.hand_size(2) == 27  # 54 tiles besides the double: the boneyard starts empty
    with pytest.raises(RulesError):
        CLASSIC.with_options(hand_sizes=[[2, 28], *HANDS[1:]])


def test_options_of_one_preset_are_not_read_as_another() -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_options({"preset": "spruce"}, preset="classic")
    assert str(caught.value) == "the options are of preset 'spruce', not 'classic'"


def test_an_unknown_preset_is_named_with_the_presets_there_are() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("chickenfoot", 4, "mystery")
    assert (
        str(caught.value) == "unknown preset 'mystery'; known: classic, spruce, wikipedia, reeves"
    )


def test_options_without_a_preset_are_read_on_top_of_classic() -> None:
    assert Rules.from_options({}) == CLASSIC
    assert Rules.from_options({"centre_toes": 4}) == CLASSIC.with_options(centre_toes=4)


def test_a_standard_game_is_one_hand_or_goes_on_to_its_target() -> None:
    assert GAMES["draw"].rounds_per_match(2) == 1
    assert GAMES["block"].rounds_per_match(4) == 1
    assert GAMES["all-fives"].rounds_per_match(2) is None
    assert CLASSIC.rounds_per_match(4) == 10 and CLASSIC.rounds_per_match(8) == 13
    assert CLASSIC.with_options(target_total=100).rounds_per_match(4) is None


def test_a_problem_msgspec_gives_without_its_place_is_said_as_it_is() -> None:
    assert str(_explained("Expected `object`, got `int`", Rules)) == "Expected `object`, got `int`"
    assert str(_explained("Expected `int`, got `str` - at `$.foot_toes`", Rules)) == (
        "option foot_toes: expected a whole number, got a string"
    )


def test_a_standard_deal_may_take_every_tile_the_undrawn_ones_included() -> None:
    bergen = GAMES["bergen"]
    assert bergen.with_options(players=4, hand_size=6, undrawn=4).undrawn == 4
    with pytest.raises(RulesError) as caught:
        bergen.with_options(players=4, hand_size=6, undrawn=5)
    assert str(caught.value) == (
        "4 hands of 6 and 5 undrawn tiles need 29 tiles, the double-6 set has 28"
    )


def test_a_seat_count_that_is_no_number_is_refused_before_the_deal_is_worked_out() -> None:
    with pytest.raises(RulesError) as caught:
        GAMES["bergen"].with_options(players="x")
    assert str(caught.value) == "option players: expected a whole number, got a string"


def test_chicken_foot_without_a_preset_is_classic_and_a_standard_game_takes_no_preset() -> None:
    assert make_rules("chickenfoot", 4) == CLASSIC
    assert make_rules("draw", 2, "draw") == GAMES["draw"]
    assert make_rules("all-fives", 3) == GAMES["all-fives"].with_options(players=3)
    with pytest.raises(RulesError) as caught:
        make_rules("draw", 2, "spruce")
    assert str(caught.value) == (
        "presets (classic, spruce, wikipedia, reeves) are Chicken Foot's; draw is set up with"
        " options"
    )


def _hand_sizes(rules: Rules, players: int, size: int) -> list[list[int]]:
    """``rules``' deal with ``size`` tiles each for ``players`` players."""
    return [[p, size if p == players else s] for p, s in rules.options()["hand_sizes"]]


@pytest.mark.parametrize(
    ("rules", "players", "fits", "said"),
    [
        (  # the most players: every count up to max_players must have a deal that fits
            CLASSIC,
            8,
            11,
            "8 players: 96 tiles dealt or kept back, but the double-12 set has only 90 besides"
            " the round's double",
        ),
        (  # tiles kept back count towards what a deal takes
            REEVES,
            2,
            26,
            "2 players: 56 tiles dealt or kept back, but the double-9 set has only 54 besides"
            " the round's double",
        ),
    ],
)
def test_a_deal_and_the_tiles_kept_back_must_leave_the_round_s_double(
    rules: Rules, players: int, fits: int, said: str
) -> None:
    assert (
        rules.with_options(hand_sizes=_hand_sizes(rules, players, fits)).hand_size(players) == fits
    )
    with pytest.raises(RulesError) as caught:
        rules.with_options(hand_sizes=_hand_sizes(rules, players, fits + 1))
    assert str(caught.value) == said


def test_the_draw_for_the_start_may_take_the_boneyard_down_to_a_tile_per_player() -> None:
    wikipedia = PRESETS["wikipedia"]
    assert wikipedia.with_options(hand_sizes=_hand_sizes(wikipedia, 3, 17)).hand_size(3) == 17
    with pytest.raises(RulesError) as caught:
        wikipedia.with_options(hand_sizes=_hand_sizes(wikipedia, 3, 18))
    assert str(caught.value) == "3 players: the draw for the start needs a boneyard tile per player"


def test_a_double_takes_as_many_toes_as_its_set_has_numbers_besides_its_own() -> None:
    assert CLASSIC.with_options(centre_toes=9, foot_toes=9).foot_toes == 9
    for option in ("centre_toes", "foot_toes"):
        with pytest.raises(RulesError) as caught:
            CLASSIC.with_options(**{option: 10})
        assert str(caught.value) == "a double of the double-9 set has only 9 possible toes"


def test_a_table_may_seat_exactly_one_number_of_players() -> None:
    four = CLASSIC.with_options(min_players=4, max_players=4)
    assert (four.min_players, four.max_players) == (4, 4)


def test_rules_name_a_preset_there_is() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(preset="nope")
    assert str(caught.value) == "unknown preset 'nope'; known: classic, spruce, wikipedia, reeves"
    assert Rules.from_options({"preset": "spruce"}) == PRESETS["spruce"]

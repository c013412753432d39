"""Tiles and actions written as text: strict parse / format pairs and pasteable reprs."""

from __future__ import annotations

import pytest

from chickenfoot.core import ActionError, Draw, Pass, Play, Tile, TileError, parse_action
from chickenfoot.core.actions import Event
from chickenfoot.core.tiles import (
    TILES,
    deal_problem,
    full_set,
    mask_of,
    parse_tile_in_set,
    set_mask,
    tiles_in_set,
)


def test_every_tile_formats_larger_number_first_and_parses_back() -> None:
    for tile in TILES:
        assert str(tile) == f"{tile.hi}-{tile.lo}" and tile.hi >= tile.lo
        assert Tile.parse(str(tile)) == tile
        assert Tile.parse(f"{tile.lo}-{tile.hi}") == tile
        assert eval(repr(tile)) == tile


@pytest.mark.parametrize("text", ["9", "9-", "-3", "9-3-1", "a-b", "9 3", "19-3", "", "9--3"])
def test_a_tile_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(TileError):
        Tile.parse(text)


def test_a_tile_outside_the_set_in_use_is_refused() -> None:
    assert parse_tile_in_set("9-3", 9) == Tile(9, 3)
    with pytest.raises(TileError, match="not in the double-9 set"):
        parse_tile_in_set("10-3", 9)


@pytest.mark.parametrize("top", [0, 6, 9, 12, 18])
def test_a_list_of_tiles_is_read_at_once_exactly_when_each_would_be_read_alone(top: int) -> None:
    texts: list[object] = ["9-3", "3-9", "0-0", "12-12", "18-0", "6-6", " 6-6", "6 - 6", "x"]
    texts += [3, None, ["6-6"], 6.0, "", "19-0"]
    for text in texts:
        try:
            alone: Tile | None = parse_tile_in_set(text, top)  # type: ignore[arg-type]
        except (TileError, TypeError, AttributeError):
            alone = None
        assert tiles_in_set([text], top) == (None if alone is None else (alone,))
        assert tiles_in_set(["0-0", text, "0-0"], top) == (
            None if alone is None else (Tile(0, 0), alone, Tile(0, 0))
        )
    assert tiles_in_set([], top) == ()


@pytest.mark.parametrize(
    "action", [Play(Tile(9, 4), 0), Play(Tile(5, 5), 17), Play(Tile(9, 9), None), Draw(), Pass()]
)
def test_every_action_formats_and_parses_back(action: Play | Draw | Pass) -> None:
    assert parse_action(str(action)) == action


def test_action_notation() -> None:
    assert str(Play(Tile(4, 9), 0)) == "9-4@0"
    assert str(Play(Tile(9, 9), None)) == "9-9"
    assert (str(Draw()), str(Pass())) == ("draw", "pass")
    assert parse_action(" DRAW ") == Draw()
    for text in ("9-4@", "9-4@x", "play", "9@0"):
        with pytest.raises(ActionError, match="not an action"):
            parse_action(text)
    assert issubclass(ActionError, ValueError) and issubclass(TileError, ValueError)


def test_a_deal_that_is_not_the_whole_set_says_what_is_wrong() -> None:
    whole = full_set(6)
    assert deal_problem(whole, 6) is None
    assert deal_problem([*whole, Tile(9, 9), Tile(7, 1)], 6) == (
        "not in the double-6 set: 7-1, 9-9"
    )
    assert deal_problem([*whole, Tile(3, 2), Tile(1, 1)], 6) == "dealt more than once: 1-1, 3-2"
    assert deal_problem(whole[2:], 6) == "missing from the deal: 0-0, 1-0"


def test_sets_go_from_double_0_to_double_18() -> None:
    assert len(full_set(0)) == 1 and len(full_set(18)) == 190
    for top in (-1, 19):
        with pytest.raises(TileError) as caught:
            full_set(top)
        assert str(caught.value) == f"sets go from double-0 to double-18, not double-{top}"


@pytest.mark.parametrize(("top", "tiles"), [(0, 1), (6, 28), (9, 55), (12, 91)])
def test_a_set_s_mask_has_a_bit_for_each_of_its_tiles_and_no_other(top: int, tiles: int) -> None:
    assert set_mask(top) == mask_of(full_set(top))
    assert set_mask(top).bit_count() == tiles


def test_the_other_number_of_a_tile_is_asked_only_of_a_number_it_has() -> None:
    assert Tile(6, 3).other(6) == 3 and Tile(4, 4).other(4) == 4
    with pytest.raises(TileError, match=r"^6-3 has no 5$"):
        Tile(6, 3).other(5)


def test_a_draw_another_seat_made_is_written_without_its_tile() -> None:
    drawn = Event(2, Draw(), Tile(6, 1))
    assert drawn.to_json() == {"seat": 2, "draw": "6-1"}
    assert drawn.hidden().to_json() == {"seat": 2, "draw": None}


@pytest.mark.parametrize(("hi", "lo"), [(19, 3), (3, -1)])
def test_a_tile_has_numbers_from_0_to_18(hi: int, lo: int) -> None:
    with pytest.raises(TileError, match=rf"^tile numbers must be 0\.\.18: {hi}-{lo}$"):
        Tile(hi, lo)


def test_a_tile_is_read_from_a_string_in_either_order() -> None:
    assert Tile.parse("3-9") == Tile.parse("9-3") == Tile(9, 3)
    with pytest.raises(
        TileError, match=r"^a tile is written as a string like '9-3', not \[9, 3\]$"
    ):
        Tile.parse([9, 3])  # type: ignore[arg-type]

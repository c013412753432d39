"""How to play: the rules of Chicken Foot and the standard games in the project's own
words, in every language of the interface, with pictures of real seeded positions; and the map
from a refused move to the rule that explains it. The terminal (F1), ``chickenfoot rules
--explain`` and the web page ``/rules`` all show :func:`guide`."""

from __future__ import annotations

from chickenfoot.howto.guide import SECTION_IDS, TITLES, Guide, Section, guide
from chickenfoot.howto.refusals import SECTION_OF_CODE, section_of, tile_refusal

__all__ = [
    "SECTION_IDS",
    "SECTION_OF_CODE",
    "TITLES",
    "Guide",
    "Section",
    "guide",
    "section_of",
    "tile_refusal",
]

"""Card names as people type them: one folding function for the stored key, the lookup, and
every comparison of a name a request gives with a card's or a face's.

`fold("Lim-Dûl's Vault") == fold("lim-duls vault")` (curly apostrophes too),
`fold("Fire/Ice") == fold("fire // ice")`,
`fold("Æther Vial") == fold("aether vial")`. The same function builds the indexed key when a
card is stored and the key a request is looked up by, so the two can never disagree.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Letters that Unicode doesn't decompose into a base letter plus a mark.
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o"})
# Apostrophes and quotes of every shape are dropped: "Urzas Saga" finds "Urza's Saga". First
# before the decomposition, which would turn the acute accent used as one (U+00B4) into a space.
_QUOTES = re.compile(
    "[\"'`\u00b4\u02bc\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2032\u2033]"
)
# Split-card separators as people type them: "Fire/Ice", "fire // ice", "Fire //Ice".
_SLASHES = re.compile(r"\s*/+\s*")
_SPACES = re.compile(r"\s+")


# Every card lookup folds its name, and questions name the same few cards again and again.
@lru_cache(maxsize=16_384)
def fold(name: str) -> str:
    """The lookup key of a name: no accents or ligatures, no apostrophes, one separator for
    split cards, single spaces, case-folded."""
    text = unicodedata.normalize("NFKD", _QUOTES.sub("", name).translate(_LIGATURES))
    # Marks and invisible format characters (a zero-width space) go; the quotes again, as a
    # full-width apostrophe decomposes into one.
    text = "".join(
        c for c in text if not unicodedata.combining(c) and unicodedata.category(c) != "Cf"
    )
    text = _QUOTES.sub("", text)
    text = _SLASHES.sub(" // ", text)
    return _SPACES.sub(" ", text).strip().casefold()

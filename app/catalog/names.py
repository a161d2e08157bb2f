"""Card names in the catalog: the folding every lookup uses (app/domain/names.py, where a
face's name is compared the same way), and which folded names name one card."""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.names import fold

__all__ = ["fold", "names_one_card"]


def names_one_card(ranks: Sequence[int]) -> bool:
    """Whether a folded name names one card, given the ranks of the cards it finds (best
    first, at most two): a card's full name (rank 0) always does; a face's name (rank 1) only
    when no other card has a face so named (two meld cards share their melded back face)."""
    return len(ranks) == 1 or ranks[0] == 0

"""Small wording helpers for explanation steps: counts spelled as people write them."""

from __future__ import annotations


def amount(n: int, noun: str, plural: str | None = None) -> str:
    """`amount(1, "card")` is "1 card", `amount(2, "card")` "2 cards", never a hedge."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def names_list(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]

"""Keyword actions said by name (701), read as the instructions they stand for. Earthbend N
(701.66): target land its controller controls becomes a 0/0 creature with haste that's still a
land, and gets N +1/+1 counters (its size is the state's; the counters change nothing the
engine rules on). The sentence is read as if those words were written in its place, and
recorded as the card says it."""

from __future__ import annotations

import re

# "earthbend 2", "earthbend X, where X is ...": not "you earthbend" (a delayed trigger's own
# wording) nor "whenever you ... earthbend" (an event, not the action).
_EARTHBEND = re.compile(r"(?<!you )\b(?P<e>[Ee])arthbend (?:\d+|X)(?:, where X is [^,.]+)?")
_EARTHBENT = "arget land you control becomes a 0/0 creature with haste that's still a land"


def expand(sentence: str) -> str:
    """The sentence with each keyword action it names written out."""
    if "arthbend" not in sentence:
        return sentence  # the common case, without a regular expression
    return _EARTHBEND.sub(lambda m: ("T" if m["e"] == "E" else "t") + _EARTHBENT, sentence)


def restore(text: str, sentence: str) -> str:
    """A text read from the expanded sentence, as the card says it: each written-out action
    given back its own words, in order."""
    for said in _EARTHBEND.finditer(sentence):
        for lead in ("T", "t"):
            if lead + _EARTHBENT in text:
                text = text.replace(lead + _EARTHBENT, said.group(0), 1)
                break
    return text

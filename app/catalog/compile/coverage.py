"""`rulings cards coverage`: per ability family, sentences seen / compiled / not understood, and
the most frequent not-understood templates (names as `~`, numbers as `N`). Faces of objects the
importer doesn't import are not measured, only counted by why (corpus.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from app.catalog.compile.corpus import FaceText, Skipped
from app.catalog.compile.faces import CompiledFace, compile_face

COST_FAMILIES = ("alternative_cost", "additional_cost")
TOP = 30


@dataclass(slots=True)
class Coverage:
    faces: int = 0
    full: int = 0
    families: dict[str, Counter[str]] = field(default_factory=dict)
    templates: Counter[str] = field(default_factory=Counter)
    with_mana: int = 0
    with_mana_full: int = 0
    with_cost: int = 0
    with_cost_compiled: int = 0
    skipped: Counter[str] = field(default_factory=Counter)

    def add(self, face: CompiledFace) -> None:
        self.faces += 1
        self.full += face.support == "full"
        for s in face.sentences:
            self.families.setdefault(s.family, Counter())[s.status] += 1
            if s.status == "not_understood":
                self.templates[s.template] += 1
        fams = {s.family for s in face.sentences}
        # Mana abilities: activated ones, granted ones, and triggered mana abilities (605.1b).
        triggered = any(
            s.family == "tapped_for_mana" and s.text.startswith("Whenever") for s in face.sentences
        )
        if face.intrinsic or "mana_ability" in fams or triggered:
            self.with_mana += 1
            self.with_mana_full += face.support == "full"
        cost_records = [s for s in face.sentences if s.family in COST_FAMILIES]
        if cost_records:
            self.with_cost += 1
            self.with_cost_compiled += all(s.status == "compiled" for s in cost_records)

    def to_json(self) -> dict[str, Any]:
        return {
            "faces": self.faces,
            "full": self.full,
            "mana_faces": self.with_mana,
            "mana_faces_full": self.with_mana_full,
            "cost_faces": self.with_cost,
            "cost_faces_compiled": self.with_cost_compiled,
            "skipped_faces": self.skipped.total(),
            "skipped": dict(sorted(self.skipped.items())),
            "families": {
                fam: {
                    "seen": sum(c.values()),
                    "compiled": c["compiled"],
                    "not_understood": c["not_understood"],
                    "irrelevant": c["irrelevant"],
                }
                for fam, c in sorted(self.families.items())
            },
            "top_not_understood": [
                {"template": t, "count": n} for t, n in self.templates.most_common(TOP)
            ],
        }


def measure(faces: Iterable[FaceText | Skipped]) -> Coverage:
    cov = Coverage()
    for f in faces:
        if isinstance(f, Skipped):
            cov.skipped[f.reason] += 1
            continue
        cov.add(
            compile_face(
                f.name,
                f.text,
                types=f.types,
                subtypes=f.subtypes,
                mana_cost=f.mana_cost,
                keywords=f.keywords,
                supertypes=f.supertypes,
            )
        )
    return cov


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def render(cov: Coverage) -> str:
    data = cov.to_json()
    lines = [
        f"faces: {cov.faces}, full: {cov.full} ({_pct(cov.full, cov.faces)})",
        f"faces with a mana ability: {cov.with_mana}, full: {cov.with_mana_full} "
        f"({_pct(cov.with_mana_full, cov.with_mana)})",
        f"faces with an alternative/additional cost: {cov.with_cost}, compiled: "
        f"{cov.with_cost_compiled} ({_pct(cov.with_cost_compiled, cov.with_cost)})",
    ]
    if cov.skipped:
        lines.append(f"faces not measured, as the importer skips them: {cov.skipped.total()}")
        lines += [f"{n:>6}  {why}" for why, n in cov.skipped.most_common()]
    lines += [
        "",
        f"{'family':<18} {'seen':>8} {'compiled':>9} {'not understood':>15}",
    ]
    for fam, row in data["families"].items():
        if fam == "other":
            lines.append(f"{'(irrelevant)':<18} {row['seen']:>8} {'-':>9} {'-':>15}")
            continue
        lines.append(f"{fam:<18} {row['seen']:>8} {row['compiled']:>9} {row['not_understood']:>15}")
    lines += ["", f"top {TOP} not-understood templates:"]
    lines += [f"{t['count']:>6}  {t['template']}" for t in data["top_not_understood"]]
    return "\n".join(lines)

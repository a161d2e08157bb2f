"""The terminal side of `rulings cards import`: a progress bar on a terminal (rich), plain
lines otherwise, and the summary (or `--json`)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from app.catalog.importer import Progress, Summary, import_file
from app.catalog.sources import ImportProblem


@contextmanager
def _progress(quiet: bool) -> Iterator[Progress | None]:
    if quiet:
        yield None
        return
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
            TransferSpeedColumn,
        )
        from rich.progress import (
            Progress as Bar,
        )

        with Bar(
            TextColumn("reading cards"),
            BarColumn(),
            DownloadColumn(),
            TransferSpeedColumn(),
            TextColumn("{task.fields[cards]:,} cards"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        ) as bar:
            task = bar.add_task("import", total=None, cards=0)

            def show(done: int, total: int, cards: int) -> None:
                bar.update(task, completed=done, total=total, cards=cards)

            yield show
        return
    last = [-1]

    def plain(done: int, total: int, cards: int) -> None:
        # One line per 5,000 cards (and the last): readable in a container's log.
        if cards // 5000 != last[0] or done == total:
            last[0] = cards // 5000
            pct = 100 * done // total if total else 100
            print(f"read {cards} cards ({pct}% of the file)", file=sys.stderr, flush=True)

    yield plain


def _writing(count: int) -> None:
    print(f"writing {count} new or changed cards in one transaction", file=sys.stderr, flush=True)


def _report(summary: Summary) -> str:
    lines = [
        f"imported {summary.cards} cards ({summary.faces} faces) from {summary.file} "
        f"[{summary.format}]: {summary.new} new, {summary.updated} updated, "
        f"{summary.unchanged} unchanged; rules text added to {summary.text_added_to_bundled} "
        "bundled cards",
        "by layout: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.by_layout.items())),
    ]
    skipped = sum(summary.skipped.values())
    lines.append(f"skipped {skipped} objects" + (":" if skipped else ""))
    lines += [f"  {count:>6}  {reason}" for reason, count in summary.skipped.most_common()]
    lines.append(
        f"catalog digest {summary.catalog_digest} (before {summary.catalog_digest_before}); "
        f"read {summary.parse_seconds:.1f} s, written {summary.write_seconds:.1f} s"
    )
    return "\n".join(lines)


def run_import(path_text: str, *, as_json: bool) -> int:
    from app.db.migrate import migrate
    from app.db.session import Database
    from app.settings import get_settings

    path = Path(path_text)
    if not path.is_file():
        print(f"rulings cards import: no such file: {path}", file=sys.stderr)
        return 2
    db = Database(get_settings().database_url)
    try:
        migrate(db.engine)
        with _progress(quiet=as_json) as progress:
            summary = import_file(db.engine, path, progress, None if as_json else _writing)
    except ImportProblem as exc:
        print(f"rulings cards import: {path}: {exc}; nothing was imported", file=sys.stderr)
        return 1
    finally:
        db.dispose()
    if as_json:
        print(json.dumps(summary.to_json(), indent=2, ensure_ascii=False))
    else:
        print(_report(summary))
    return 0

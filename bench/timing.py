"""Wall-clock helpers: medians of repeated runs, in milliseconds."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Self, TypeVar

T = TypeVar("T")


Clock = Callable[[], float]


def timed_ms(fn: Callable[[], T], clock: Clock = time.perf_counter) -> tuple[float, T]:
    """How long `fn` took by `clock` (wall time unless told: `time.process_time` gives this
    process's CPU time, comparable to a server's CPU per request)."""
    started = clock()
    result = fn()
    return (clock() - started) * 1000, result


def median_ms(
    fn: Callable[[], object], reps: int, *, warmup: int = 1, clock: Clock = time.perf_counter
) -> float:
    """Median time (by `clock`, wall time unless told) of `reps` calls after `warmup` untimed
    ones."""
    for _ in range(warmup):
        fn()
    samples = [timed_ms(fn, clock)[0] for _ in range(max(1, reps))]
    return statistics.median(samples)


def in_turn(items: Sequence[T], round_: int) -> Sequence[T]:
    """What a round measures, in its order: as given in even rounds, reversed in odd ones, so
    that none is always first (or always follows the same one)."""
    return items if round_ % 2 == 0 else items[::-1]


def interleaved_medians_ms(fns: dict[str, Callable[[], object]], reps: int) -> dict[str, float]:
    """Median wall time of each function over `reps` rounds that run every one in turn
    (`in_turn`), after one untimed call each: a slow spell of the machine then moves all of
    them, and their ratios stay meaningful."""
    for fn in fns.values():
        fn()
    samples: dict[str, list[float]] = {name: [] for name in fns}
    order = list(fns.items())
    for round_ in range(max(1, reps)):
        for name, fn in in_turn(order, round_):
            samples[name].append(timed_ms(fn)[0])
    return {name: statistics.median(times) for name, times in samples.items()}


def ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b <= 0:
        return None
    return a / b


def median_of(values: Iterable[float | None]) -> float | None:
    """The median of the values measured (None where none was)."""
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def process_group_cpu_seconds(group: int | None) -> float | None:
    """CPU seconds the live processes of a process group have run (Linux /proc: user and
    system time of each process, threads that have ended included), or None where that can't
    be read. Steadier than wall time on a shared machine: what requests cost the server, not
    how long they waited for a core. (Summing each live thread's schedstat instead lost the
    time of worker threads that ended between two readings: CPU per request came out
    negative.)"""
    proc = Path("/proc")
    if group is None or not proc.is_dir():
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != group:  # the process group (field 5 of stat)
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    return total / ticks


def _cpu_times() -> tuple[int, int, int] | None:
    """(steal, idle, total) jiffies of the whole machine since boot (Linux /proc/stat's first
    line: user nice system idle iowait irq softirq steal; idle here is idle plus iowait, a
    core with nothing to run whether or not a disk is busy), or None where that can't be
    read."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
        ticks = [int(v) for v in fields[1:9]]
    except (OSError, ValueError):
        return None
    if fields[0] != "cpu" or len(ticks) < 8:
        return None
    return ticks[7], ticks[3] + ticks[4], sum(ticks)


class MachineCpu:
    """`with MachineCpu() as cpu: ...; cpu.steal, cpu.idle`: shares of the machine's CPU time
    over the block. `steal`: the hypervisor ran other guests instead of this one (0.36: a
    third of every core's time was taken). `idle`: no thread of this guest had anything to
    run; a load that leaves it well above zero did not keep the machine busy, so a throughput
    measured under it is the client's, not the servers' (None for a block shorter than a
    clock tick, which saw nothing). Both None where /proc/stat can't be read."""

    def __init__(self) -> None:
        self._start: tuple[int, int, int] | None = None
        self.steal: float | None = None
        self.idle: float | None = None

    def __enter__(self) -> Self:
        self._start = _cpu_times()
        return self

    def __exit__(self, *exc: object) -> None:
        end = _cpu_times()
        if self._start is None or end is None:
            return
        steal, idle, total = (b - a for a, b in zip(self._start, end, strict=True))
        # A block shorter than a clock tick saw no tick of steal, and no tick of anything.
        self.steal = steal / total if total > 0 else 0.0
        self.idle = idle / total if total > 0 else None


class Steal(MachineCpu):
    """`with Steal() as steal: ...; steal.share`: the steal share of MachineCpu. Throughput
    under steal measures the neighbours as much as the server: the bench notes it beside each
    section so a reader can judge the figures."""

    @property
    def share(self) -> float | None:
        return self.steal

    def note(self) -> str | None:
        if self.share is None:
            return None
        return (
            f"CPU steal while this was measured: {self.share:.0%} of the machine's CPU time "
            "ran other guests (/proc/stat)"
        )

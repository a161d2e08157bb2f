"""How big and how long: the full run (`make bench`) and the `--quick` smoke run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BenchConfig:
    quick: bool
    # could-produce board sizes (permanents) and repetitions per size (medians)
    sizes: tuple[int, ...]
    reps: dict[int, int]
    http_reps: dict[int, int]
    # activation: 1..max_replacements replacement effects on one Forest
    max_replacements: int
    activate_reps: int
    # an engine run slower than this (ms) stops the escalation of the activation section
    activate_budget_ms: float
    # the HTTP floor: seconds per throughput measurement, client threads, and the servers
    # to measure, by number of uvicorn workers
    floor_seconds: float
    floor_threads: int
    # scaling out: wrk's connections to each server process for new questions. Throughput
    # there is a capacity (what one process, then two, can serve), and a new question waits
    # for its group commit: a process needs more of them in flight than the floor's 4 to stay
    # busy (and with more waiting each commit carries more rulings). A stored answer waits on
    # nothing: the floor's connections keep a process busy (bench/scale_out.py: measured)
    scale_out_new_connections: int
    servers: tuple[int, ...]
    # the throughput comparisons (HTTP floor, scaling out) alternate what they compare this
    # many times and report medians: a single pass is at the mercy of a noisy machine
    rounds: int
    # listing: store sizes (rulings generated in the database) and repetitions per filter
    listing_sizes: tuple[int, ...] = (100_000, 1_000_000)
    listing_reps: int = 21


FULL = BenchConfig(
    quick=False,
    sizes=(100, 1_000, 10_000),
    reps={100: 21, 1_000: 9, 10_000: 5},
    http_reps={100: 15, 1_000: 9, 10_000: 7},
    max_replacements=12,
    activate_reps=7,
    activate_budget_ms=2_000.0,
    floor_seconds=3.0,
    floor_threads=4,
    scale_out_new_connections=16,
    servers=(1, 2),
    rounds=3,
)

QUICK = BenchConfig(
    quick=True,
    sizes=(20, 100),
    reps={20: 3, 100: 3},
    http_reps={20: 2, 100: 2},
    max_replacements=3,
    activate_reps=2,
    activate_budget_ms=500.0,
    floor_seconds=0.3,
    floor_threads=2,
    scale_out_new_connections=2,
    servers=(1,),
    rounds=1,
    listing_sizes=(1_000, 10_000),
    listing_reps=3,
)


def reps_for(table: dict[int, int], size: int) -> int:
    return table.get(size, 3)

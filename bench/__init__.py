"""Benchmarks for the rulings service: `make bench` (= `python -m bench`).

Prints a plain-text table and writes bench/results.json. Not timed tests: nothing here asserts a
duration. Everything runs on loopback against a fresh temporary SQLite database and is bounded.
"""

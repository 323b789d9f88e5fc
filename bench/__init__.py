"""Benchmarks for boardgames_lab (run with ``make bench`` or ``python -m bench``)."""

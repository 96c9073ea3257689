"""Benchmarks (`python -m game.bench`) and the random player they use."""

"""Tournaments of AI levels and outside programs: a balanced schedule of tables of
four, each table's walls played in every seating (duplicate), on one machine's process
pool or a Ray cluster, with openskill ratings (see docs/tournament.md).

    python -m ai.tournament easy medium hard --walls 8 --rounds 4 --seed 1 --workers 2
"""

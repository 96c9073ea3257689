"""Match history: statistics (and later replays and review) over match files, pure Python."""

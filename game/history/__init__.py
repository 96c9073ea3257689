"""Match history: replays, review and statistics, pure Python."""

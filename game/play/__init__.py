"""Playing: the seat contract every kind of player answers to, and the one driver."""

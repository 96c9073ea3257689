"""Weights of ai.feed_model, written by tools/fit_feed_model.py (--walls 300 --seed 17); do not edit by hand."""
FEATURES = ("bias", "unseen", "thrown", "passed", "passed_chi", "turns", "melds", "honor", "rank0", "rank1", "rank2", "rank3", "rank4", "partners", "near_thrown", "two_thrown", "suit_thrown", "meld_suit")
PENG_WEIGHTS = (-1.9254, -0.1831, -0.6089, -0.8304, -0.1563, -0.1596, -0.2884, 0.0000, -0.7217, -0.5340, -0.3234, -0.2083, -0.1380, -0.5350, -0.6190, -0.3101, -0.3152, -0.2874)
CHI_WEIGHTS = (-1.4939, -0.4709, -1.4859, 0.0331, -0.9165, 0.4672, -0.2258, 0.0000, -0.6550, -0.2916, -0.0642, -0.2632, -0.2200, 0.3613, -0.1561, -0.1550, -0.2224, -0.2736)

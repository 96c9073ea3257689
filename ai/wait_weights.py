"""Weights of ai.wait_model, written by tools/fit_wait_model.py (--walls 400 --seed 9); do not edit by hand."""
FEATURES = ("bias", "unseen", "terminal", "two_eight", "three_seven", "run_sides", "suji_sides", "closed", "pair_wait", "thrown_before", "near_thrown", "near_declared", "two_from_declared", "suji_of_declared", "suit_thrown", "off_meld_suit", "melds", "late", "honor", "prior")
WEIGHTS = (-0.5897, 0.1659, -0.2014, 0.0078, 0.1031, 0.0378, 0.1188, -0.1712, 0.1659, -0.6491, -0.3328, -0.1474, -0.2325, -0.2520, -0.1065, 0.2023, -0.0783, 0.2164, 0.0000, 0.9991)

"""The game's shipped data: rulesets, theme, fonts, translations and the rules text.

A package only so that importlib.resources finds these files from a checkout and
from an installed wheel alike (see game.paths)."""

"""The layout self-check: every page, in each of its sample states, at many window sizes
and in every language, checked for elements outside the window, interactive elements
overlapping each other and text wider than its box (`python -m game --layout-check`)."""

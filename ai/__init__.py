"""The AI levels."""
import game  # noqa: F401  (first: it drops compiled modules older than their sources)

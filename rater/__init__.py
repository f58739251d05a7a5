"""The rating engine, its modes and scoring, reports, the CLI and bulk rating."""

from rater.generation import generate

__all__ = ["generate"]

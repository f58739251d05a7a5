"""The rating engine, its modes and scoring, reports, the CLI and bulk rating."""

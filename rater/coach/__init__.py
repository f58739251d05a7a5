"""``coach``: a local web app on the engine (rate, play with hints, generate, bulk), and its JSON API.

Thin wiring over the functions the command line uses (docs/http.md): nothing
outside this package imports it.
"""

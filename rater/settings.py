"""The settings of a rating run: built once, validated once, the only way an engine is made.

A run rates one puzzle, a file on local worker processes, a file on a Dask
cluster, a resumed file, reduced puzzles or symmetric copies.  Every one of
these builds its engines from one :class:`RunSettings`, so no way of rating
can drop a setting another one honours: the object is a frozen dataclass of
plain values (picklable, sent as it is to workers and cluster tasks), and it
carries the *text* of a ``--techniques`` file, read once by the process that
made it, so that workers need not see the user's files.

Validation happens when the object is made: a bad option code, variant,
language, technique text or code raises :class:`puzzles.errors.InputError`
(a subclass names which) with the one line the command line prints.

:meth:`RunSettings.catalogue_digest` names the *effective* technique catalogue
of a run (see :func:`rater.digest.catalogue_digest`); records, run files and the API's
ratings carry it beside the program version, and ``--resume`` refuses a run
whose digest or version differs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Final, TypeVar

from puzzles.errors import InputError
from puzzles.geometry import Grid
from puzzles.rules import Rules, parse_rules
from rater.digest import catalogue_digest
from rater.levels import load_levels
from rater.options import DEFAULT_OPTION, Options
from rater.result import Rating
from rater.run.engine import Engine, default_catalogue
from techniques.board import Board
from techniques.catalogue import Catalogue, read_technique_file
from techniques.notation import DEFAULT_NOTATION, notation
from techniques.texts import available_languages


class SettingsError(InputError):
    """Settings that contradict each other (a code both switched on and off, a bad timeout) or of a wrong type."""


#: The fields whose type is all there is to check (the others are parsed and checked by value).
_FIELD_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "techniques": (str, type(None)),
    "techniques_source": (str,),
    "allow_multiple": (bool,),
    "canonical": (bool, type(None)),
    "lang": (str,),
    "reduce": (bool,),
    "with_minlex": (bool,),
}


@dataclass(frozen=True)
class RunSettings:
    """Everything that decides the ratings of a run (see the module docstring).

    ``techniques`` is the text of a technique file (None: the built-in one),
    ``techniques_source`` names it in messages.  ``disable``/``enable`` switch
    codes off/on after it.  ``canonical`` rates every puzzle in its canonical
    orientation (None: as the mode does by default, which is canonical for
    option digit 4 = 0 only).  ``lang`` is the language of level names and
    texts in records; ``notation`` how the texts of the engine's catalogue
    write cells, candidates and chains (``giese`` or ``eureka``; no rating
    depends on it); ``reduce`` adds the reduction fields to bulk records,
    ``with_minlex`` the puzzle's minlex form (``minlex``);
    ``timeout`` is the seconds one puzzle may take in a bulk run.
    """

    option: str = DEFAULT_OPTION
    rules: str = "standard"
    techniques: str | None = None
    techniques_source: str = "--techniques"
    disable: tuple[str, ...] = ()
    enable: tuple[str, ...] = ()
    allow_multiple: bool = False
    canonical: bool | None = None
    lang: str = "en"
    notation: str = DEFAULT_NOTATION
    reduce: bool = False
    with_minlex: bool = False
    timeout: float | None = None

    def __post_init__(self) -> None:
        """Check every value once (an :class:`InputError`) and normalise the option code and variant name."""
        for name, types in _FIELD_TYPES.items():
            if not isinstance(getattr(self, name), types):
                allowed = " or ".join("None" if t is type(None) else t.__name__ for t in types)
                raise SettingsError(f"{name} must be {allowed}, not {type(getattr(self, name)).__name__}")
        object.__setattr__(self, "option", Options.parse(self.option).code)
        object.__setattr__(self, "rules", parse_rules(self.rules).name)
        object.__setattr__(self, "disable", _codes(self.disable))
        object.__setattr__(self, "enable", _codes(self.enable))
        both = [code for code in self.enable if code in self.disable]
        if both:
            raise SettingsError(f"{both[0]} is given to both --enable and --disable")
        if self.lang not in available_languages():
            raise SettingsError(f"unknown language {self.lang!r}: choose {', '.join(available_languages())}")
        notation(self.notation)  # a NotationError for an unknown name
        timeout = self.timeout
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                    or not 0 < timeout < float("inf")):
            raise SettingsError(f"the timeout must be a positive finite number of seconds, not {self.timeout}")
        self.catalogue().language(self.lang)  # validates the technique text, the codes and the language file

    @classmethod
    def from_file(cls, techniques: str | Path | None = None, **values: Any) -> RunSettings:
        """Settings whose technique file is read from ``techniques`` (a path; None: the built-in one)."""
        if techniques is None:
            return cls(**values)
        return cls(techniques=read_technique_file(techniques), techniques_source=str(techniques), **values)

    @property
    def options(self) -> Options:
        return Options.parse(self.option)

    def rule_set(self) -> Rules:
        """The :mod:`puzzles.rules` variant of puzzles whose line names none."""
        return parse_rules(self.rules)

    def catalogue(self) -> Catalogue:
        """The run's technique catalogue, built once per thread of a process (techniques keep search state)."""
        key = (self.techniques, self.techniques_source, self.disable, self.enable, self.notation)
        return per_thread("catalogues", key, self._new_catalogue, keep=5)

    def _new_catalogue(self) -> Catalogue:
        if self.techniques is None:
            catalogue = default_catalogue() if threading.current_thread() is threading.main_thread() \
                else Catalogue.load()
        else:
            catalogue = Catalogue.from_text(self.techniques, self.techniques_source)
        if self.disable:
            catalogue = catalogue.without(self.disable)
        if self.enable:
            catalogue = catalogue.with_enabled(self.enable)
        return catalogue.in_notation(self.notation)

    def engine(self, kind: type[Engine] = Engine) -> Engine:
        """A new engine of these settings (``kind``: an Engine subclass, e.g. the verifying one)."""
        return kind(self.options, self.catalogue(), canonical=self.canonical)

    def rate_with(self, engine: Engine, grid: Grid, rules: Rules, start: Board | None = None) -> Rating:
        """``engine``'s rating of ``grid`` under these settings: ``--allow-multiple``, and ``--timeout``
        counted from now (the one way every path turns the settings into a rating call)."""
        deadline = time.monotonic() + self.timeout if self.timeout else None
        return engine.rate(grid, allow_multiple=self.allow_multiple, start=start, deadline=deadline, rules=rules)

    def catalogue_digest(self) -> str:
        """The digest of the effective catalogue (:func:`rater.digest.catalogue_digest`)."""
        return catalogue_digest(self.catalogue(), load_levels())


_LOCAL = threading.local()
_T = TypeVar("_T")


def per_thread(kind: str, key: Hashable, make: Callable[[], _T], keep: int = 1) -> _T:
    """This thread's object of ``kind`` for ``key`` (a catalogue, an engine, a plan), made once by ``make``.

    Per thread, because techniques keep search state from position to
    position: two ratings running at once must never share one.  A thread
    keeps at most ``keep`` objects of a kind and drops them all when it needs
    a new one beyond that: a process serves few runs, one after the other.
    """
    cache: dict[Hashable, Any] = _LOCAL.__dict__.setdefault(kind, {})
    if key not in cache:
        if len(cache) >= keep:
            cache.clear()
        cache[key] = make()
    made: _T = cache[key]
    return made


def forget_per_thread(kind: str, key: Hashable | None = None) -> None:
    """Drop this thread's object of ``kind`` for ``key``, or every one of ``kind`` (``key`` None)."""
    cache = _LOCAL.__dict__.get(kind, {})
    if key is None:
        cache.clear()
    else:
        cache.pop(key, None)


def given_settings(settings: RunSettings | None, values: dict[str, Any]) -> RunSettings:
    """The settings an API call names: ``settings=`` or :class:`RunSettings` fields as keywords, not both."""
    if settings is not None:
        if not isinstance(settings, RunSettings):
            raise SettingsError(f"settings= takes a RunSettings, not {type(settings).__name__}")
        if values:
            raise SettingsError("give either settings= or single settings (option, rules, ...), not both")
        return settings
    unknown = sorted(set(values) - {f.name for f in fields(RunSettings)})
    if unknown:
        raise SettingsError(f"unknown setting {unknown[0]!r}: settings are the fields of RunSettings")
    return RunSettings(**values)


def _codes(codes: str | Iterable[str]) -> tuple[str, ...]:
    """Technique codes in order without repeats; a string is a comma list, as on the command line."""
    if isinstance(codes, (bytes, Mapping)) or not isinstance(codes, Iterable):
        parts: tuple[object, ...] = (codes,)
    else:
        parts = tuple(codes.split(",") if isinstance(codes, str) else codes)
    names = [code.strip() for code in parts if isinstance(code, str)]
    if len(names) != len(parts):
        raise SettingsError(f"technique codes are a comma list or a sequence of strings, not {codes!r:.40}")
    return tuple(dict.fromkeys(name for name in names if name))

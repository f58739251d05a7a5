"""Technique classes from other distributions, found through the entry-point group ``sudoku_rater.techniques``.

A distribution declares, in its ``pyproject.toml``::

    [project.entry-points."sudoku_rater.techniques"]
    SGF = "finned_fish.technique:FinnedGrid"     # a technique class
    more = "my_plugin.techniques"                 # or a module: its Technique classes

The classes follow the contract of the built-in ones (:class:`techniques.base.Technique`:
code, group, family, phase, ``find``, ``defaults``, ``fields``, ``formula`` (the point
formula in a few words), optionally ``measure``, ``sync_level`` (the synchronous
level of its family: a plugin joining a built-in family declares that family's or none)
and ``transposed_twin`` (its row/column twin, which must name it back)) and add
``texts_dir``, the one attribute the built-in ones take from packaged files: a
directory of language files with their ``names`` and ``texts``, ``en.yaml`` at least.

They are loaded once per process, the first time a technique file is read
(:func:`load_plugins`), and checked before any joins the registry: a
distribution that fails to import, a class that breaks the contract, texts
that do not validate, or a code that is already taken (built-in codes can never
be replaced, and two plugins may not share one) is a :class:`PluginError`
naming the distribution and its version; nothing of a failed load stays
registered.  A plugin technique is *off* unless a technique file or
``rate --enable`` switches it on (docs/decisions.md, "Technique plugins").
"""

from __future__ import annotations

import importlib
import importlib.machinery
import math
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from puzzles.errors import InputError
from techniques.base import REGISTRY, SYNC_LEVELS, Context, Phase, Technique
from techniques.board import Board
from techniques.findings import FRAGMENT_FIELDS
from techniques.step import Step
from techniques.texts import ExtraTexts, TextError, load_extra_texts, template_fields

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "sudoku_rater.techniques"
#: The origin shown for the packaged techniques.
BUILT_IN = "built-in"
#: A code a user can type in a technique file and in ``--enable A,B``.
_CODE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")


class PluginError(InputError):
    """A plugin that cannot be used; the message names its distribution and version."""


@dataclass(frozen=True)
class Plugin:
    """One entry point of one distribution, with the technique classes it brought."""

    distribution: str
    version: str
    entry_point: str
    classes: tuple[type[Technique], ...]
    #: Per language code, the names and templates of its classes (``en`` always present).
    texts: tuple[Mapping[str, ExtraTexts], ...]

    @property
    def label(self) -> str:
        return f"{self.distribution} {self.version}"


_PLUGINS: tuple[Plugin, ...] | None = None
#: The distribution and version of every registered plugin code, in load order.
_ORIGIN: dict[str, str] = {}


def load_plugins() -> tuple[Plugin, ...]:
    """The installed plugins, loaded and registered once per process (a :class:`PluginError` if one is unusable)."""
    global _PLUGINS
    if _PLUGINS is None:
        before, fragments = dict(REGISTRY), dict(FRAGMENT_FIELDS)
        try:
            plugins = tuple(_load(ep) for ep in _sorted(_entry_points()))
        except BaseException:
            REGISTRY.clear()
            REGISTRY.update(before)
            FRAGMENT_FIELDS.clear()
            FRAGMENT_FIELDS.update(fragments)
            _ORIGIN.clear()
            raise
        _PLUGINS = plugins
    return _PLUGINS


def reset_plugins() -> None:
    """Forget the loaded plugins and unregister their codes, so the next load looks again.

    For a process that changed ``sys.path`` (the tests install plugins into a
    temporary directory); the modules themselves stay imported.
    """
    global _PLUGINS
    for plugin in _PLUGINS or ():
        for cls in plugin.classes:
            if REGISTRY.get(cls.code) is cls:
                del REGISTRY[cls.code]
    _PLUGINS = None
    _ORIGIN.clear()
    importlib.invalidate_caches()


def origin(code: str) -> str:
    """``built-in``, or the distribution and version a technique code comes from."""
    return _ORIGIN.get(code, BUILT_IN)


def plugin_codes() -> tuple[str, ...]:
    """The codes of the loaded plugin techniques, in load order."""
    return tuple(_ORIGIN)


def plugin_texts() -> tuple[Mapping[str, ExtraTexts], ...]:
    """The language files of the loaded plugins, for the renderer to merge."""
    return tuple(texts for plugin in _PLUGINS or () for texts in plugin.texts)


def _entry_points() -> Iterable[EntryPoint]:
    """The entry points of :data:`GROUP`, read by ``importlib.metadata`` where some may exist.

    Importing ``importlib.metadata`` (it brings ``email``) and reading every distribution's
    metadata took about 30 ms, a sixth of a ``rate PUZZLE`` start-up, in every process, and
    nearly always finds nothing: :func:`may_declare` tells in about a millisecond.
    """
    if not may_declare(GROUP):
        return ()
    from importlib.metadata import entry_points

    return entry_points(group=GROUP)


def may_declare(group: str) -> bool:
    """False only when no distribution ``importlib.metadata`` can find declares entry points of ``group``.

    It looks where ``importlib.metadata`` looks for distributions, the ``*.dist-info`` and
    ``*.egg-info`` folders (and an egg's ``EGG-INFO``) of every ``sys.path`` directory, for
    ``[group]`` in their ``entry_points.txt``.  Where it cannot tell, it says True and the
    full look follows: a ``sys.path`` entry that is a file (a zip archive) or a finder other
    than the standard one that finds distributions.
    """
    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and finder is not importlib.machinery.PathFinder:
            return True
    # The header's UTF-8 bytes are in a file exactly where the header is in its text, so the
    # files (every process reads a few dozen) are searched as bytes, unbuffered and undecoded.
    header = f"[{group}]".encode()
    for entry in sys.path:
        try:
            listing = os.scandir(entry or ".")
        except NotADirectoryError:
            return True
        except OSError:  # a path that does not exist (yet): no distribution there
            continue
        with listing:
            for item in listing:
                name = item.name.lower()
                if name.endswith((".dist-info", ".egg-info")) or name == "egg-info":
                    try:
                        with open(os.path.join(item.path, "entry_points.txt"), "rb", buffering=0) as handle:
                            text = handle.readall()
                    except OSError:  # none, or an .egg-info file: no entry points
                        continue
                    if header in text:
                        return True
    return False


def _sorted(eps: Iterable[EntryPoint]) -> list[EntryPoint]:
    """Entry points in a fixed order (distribution, then name), whatever ``sys.path`` holds."""
    return sorted(eps, key=lambda ep: (_distribution(ep)[0].lower(), ep.name))


def _distribution(ep: EntryPoint) -> tuple[str, str]:
    dist = ep.dist
    if dist is None:
        return "unknown distribution", "?"
    return dist.metadata["Name"] or dist.name, dist.version


def _load(ep: EntryPoint) -> Plugin:
    """Import one entry point, check its classes and texts, and register them."""
    name, version = _distribution(ep)
    where = f"plugin {name} {version}"
    declared = f"entry point {ep.name} = {ep.value}"
    known, fragments = set(REGISTRY), set(FRAGMENT_FIELDS)
    try:
        loaded = ep.load()
    except (Exception, SystemExit) as exc:  # any failure of foreign code is reported, never a traceback
        raise PluginError(f"{where}: {declared} fails to import ({type(exc).__name__}: {exc})") from None
    new_fragments = sorted(set(FRAGMENT_FIELDS) - fragments)
    if new_fragments:
        raise PluginError(f"{where}: declares fragment kinds ({', '.join(new_fragments)}); "
                          "plugin texts are one template per technique")
    # classes registered with @register while importing go through the same checks
    by_decorator = [REGISTRY.pop(code) for code in sorted(set(REGISTRY) - known)]
    registered: list[type[Technique]] = []
    for cls in _classes(loaded, by_decorator, f"{where}: {declared}"):
        _check_class(cls, f"{where}: technique {getattr(cls, 'code', cls.__name__)!s}")
        if cls.code in REGISTRY:
            raise PluginError(f"{where}: technique code {cls.code} is already taken by "
                              f"{_owner(cls.code)} ({REGISTRY[cls.code].__module__}.{REGISTRY[cls.code].__name__})")
        REGISTRY[cls.code] = _guarded(cls)
        _ORIGIN[cls.code] = f"{name} {version}"
        registered.append(REGISTRY[cls.code])
    for cls in registered:
        _check_relations(cls, f"{where}: technique {cls.code}")
    directories = dict.fromkeys(Path(c.texts_dir) for c in registered if c.texts_dir)
    texts = tuple(_texts(directory, [c for c in registered if c.texts_dir == directory], where)
                  for directory in directories)
    return Plugin(name, version, ep.value, tuple(registered), texts)


def _owner(code: str) -> str:
    """Who holds ``code`` while plugins are being loaded: a plugin's label or ``the built-in technique``."""
    label = origin(code)
    return "the built-in technique" if label == BUILT_IN else f"plugin {label}"


def _classes(loaded: object, by_decorator: list[type[Technique]], where: str) -> tuple[type[Technique], ...]:
    """The technique classes an entry point names: the class itself, or those a module defines."""
    if isinstance(loaded, type) and issubclass(loaded, Technique):
        found = [loaded]
    elif isinstance(loaded, ModuleType):
        found = [v for v in vars(loaded).values()
                 if isinstance(v, type) and issubclass(v, Technique) and v.__module__ == loaded.__name__
                 and "code" in vars(v)]
    else:
        raise PluginError(f"{where}: names {type(loaded).__name__}, not a technique class or a module")
    classes = tuple(dict.fromkeys(found + by_decorator))
    if not classes:
        raise PluginError(f"{where}: the module defines no technique class (a Technique subclass with a code)")
    return classes


def _check_class(cls: type[Technique], where: str) -> None:
    """The contract of a built-in technique, checked before a plugin class is registered."""
    for attr in ("code", "group", "family"):
        value = getattr(cls, attr, None)
        if not isinstance(value, str) or not value.strip():
            raise PluginError(f"{where}: '{attr}' must be a non-empty string")
    if not _CODE.fullmatch(cls.code):
        raise PluginError(f"{where}: code {cls.code!r} must be a letter and up to 15 letters, digits or _")
    if not isinstance(getattr(cls, "phase", None), Phase) or cls.phase is Phase.PENCIL:
        raise PluginError(f"{where}: 'phase' must be a Phase other than PENCIL")
    if cls.find is Technique.find:
        raise PluginError(f"{where}: does not define find()")
    if not isinstance(cls.defaults, Mapping):
        raise PluginError(f"{where}: 'defaults' must map parameter names to numbers or booleans")
    for key, value in cls.defaults.items():
        if not isinstance(key, str) or not key.isidentifier() or not isinstance(value, (bool, int, float)) \
                or not math.isfinite(value):
            raise PluginError(f"{where}: parameter {key!r}: default {value!r} is not a finite number or boolean")
    if not isinstance(cls.fields, (set, frozenset)) or not all(isinstance(f, str) and f.isidentifier()
                                                                for f in cls.fields):
        raise PluginError(f"{where}: 'fields' must be a set of field names")
    if cls.measure is not None and cls.measure not in cls.fields:
        raise PluginError(f"{where}: 'measure' must be one of its 'fields' (the one its points count) or None")
    if cls.sync_level is not None and (type(cls.sync_level) is not int or cls.sync_level not in SYNC_LEVELS):
        raise PluginError(f"{where}: 'sync_level' must be a synchronous level "
                          f"{SYNC_LEVELS.start}-{SYNC_LEVELS.stop - 1} or None")
    twin = cls.transposed_twin
    if twin is not None and (not isinstance(twin, str) or not _CODE.fullmatch(twin) or twin == cls.code):
        raise PluginError(f"{where}: 'transposed_twin' must be the code of another technique or None")
    if not isinstance(cls.formula, str) or not cls.formula.strip():
        raise PluginError(f"{where}: 'formula' must describe the points (a template over the parameters)")
    try:
        unknown = template_fields(cls.formula, f"{where}: formula") - set(cls.defaults) - {"bands"}
    except TextError as exc:
        raise PluginError(str(exc)) from None
    if unknown:
        raise PluginError(f"{where}: formula names {{{sorted(unknown)[0]}}}, not a parameter")
    if cls.texts_dir is None or not (Path(cls.texts_dir) / "en.yaml").is_file():
        raise PluginError(f"{where}: 'texts_dir' must be a directory with en.yaml (got {cls.texts_dir})")
    try:
        cls()
    except Exception as exc:  # a constructor that fails with its own defaults
        raise PluginError(f"{where}: cannot be created with its defaults ({type(exc).__name__}: {exc})") from None


def _check_relations(cls: type[Technique], where: str) -> None:
    """What a class declares about others, once its plugin's classes are registered: its family's
    synchronous level (the one the family's other techniques declare, if it declares one) and its
    transposed twin (registered, and naming it back)."""
    if cls.sync_level is not None:
        other = next((o for o in REGISTRY.values() if o.family == cls.family
                      and o.sync_level not in (None, cls.sync_level)), None)
        if other is not None:
            raise PluginError(f"{where}: family {cls.family} is searched synchronously from level "
                              f"{other.sync_level} ({other.code}), not {cls.sync_level}")
    twin = cls.transposed_twin
    if twin is not None and (twin not in REGISTRY or REGISTRY[twin].transposed_twin != cls.code):
        raise PluginError(f"{where}: its transposed twin {twin} must be a technique whose "
                          f"transposed_twin is {cls.code}")


def _guarded(cls: type[Technique]) -> type[Technique]:
    """``cls`` whose steps carry its code and change the board; others are dropped.

    The engine repeats a round until no step is found: a step that removes no
    candidate and places no digit would be found again and again, and a step
    under another code would be counted for a technique that did not make it.
    """
    search = cls.find

    def find(self: Technique, board: Board, ctx: Context) -> Iterator[Step]:
        for step in search(self, board, ctx):
            if _changes(board, step):
                yield step if step.code == self.code else Step(self.code, step.points, step.placements,
                                                                   step.eliminations, step.used, step.detail)

    return type(cls.__name__, (cls,), {"find": find, "__module__": cls.__module__, "__doc__": cls.__doc__,
                                       "__qualname__": cls.__qualname__})


def _changes(board: Board, step: Step) -> bool:
    """Whether applying ``step`` places a digit in an empty cell or removes a candidate still there."""
    return any(not board.values[c] and board.cands[c] >> (d - 1) & 1 for c, d in step.placements) or any(
        board.cands[c] >> (d - 1) & 1 for c, d in step.eliminations)


def _texts(directory: Path, classes: list[type[Technique]], where: str) -> dict[str, ExtraTexts]:
    """Every language file of a plugin's text directory, checked against its classes' fields."""
    fields = {cls.code: cls.fields for cls in classes}
    try:
        return {path.stem: load_extra_texts(path, fields) for path in sorted(directory.glob("*.yaml"))}
    except TextError as exc:
        raise PluginError(f"{where}: {exc}") from None

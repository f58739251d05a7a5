"""Build hook: compile the modules listed in ``puzzles/build.py`` with Cython when it can.

Everything else about the package is in ``pyproject.toml``. The modules are compiled from their
``.py`` sources (Cython's pure-Python mode); the sources are installed too. When Cython is
missing or the C compiler fails or is absent, the install goes on with the Python sources alone
and says so: the ratings are the same on both paths, only slower.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def _build_module() -> Any:
    """``puzzles/build.py`` loaded by path (the package itself needs its dependencies)."""
    spec = importlib.util.spec_from_file_location("_sudoku_rater_build", HERE / "puzzles" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_module()


def _note(message: str) -> None:
    print(f"sudoku-rater: {message}", file=sys.stderr, flush=True)


def _extensions() -> list[Extension]:
    """The listed modules cythonized from their sources, or none when Cython is not there."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        _note("Cython is not installed: the pure-Python modules are used")
        return []
    sources = [Extension(name, [str(Path(*name.split(".")).with_suffix(".py"))]) for name in BUILD.COMPILED_MODULES]
    try:
        # Python's semantics everywhere: no C types from inference or from annotations (a ``float``
        # annotation would make ints floats); docs/decisions.md, "A compiled path".
        return list(cythonize(sources, build_dir="build/cython", quiet=True, nthreads=2,
                              compiler_directives={"language_level": 3, "infer_types": False,
                                                   "annotation_typing": False}))
    except Exception as exc:
        _note(f"Cython failed ({type(exc).__name__}: {exc}); the pure-Python modules are used")
        return []


class OptionalCompile(build_ext):
    """Compile the cythonized modules; when the C compiler fails or is absent, install without them."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = True  # one compiler process per core

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            # No debug information and -O2 instead of Python's -O3 -g: half the compile time
            # (docs/performance.md, install cost), the same rating time.
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-O2"]
        super().build_extensions()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:
            _note(f"no compiled modules ({type(exc).__name__}: {exc}); the pure-Python modules are used")
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            return
        from Cython import __version__ as cython_version

        note = Path(self.build_lib if not self.inplace else HERE) / "puzzles" / BUILD.BUILD_NOTE
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(f"Cython {cython_version}\n")
        _note(f"{len(self.extensions)} modules compiled with Cython {cython_version}")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalCompile})

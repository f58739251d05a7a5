"""Build hook: compile the modules listed in ``puzzles/build.py`` with Cython when a C compiler is there.

Everything else about the package is in ``pyproject.toml``. The modules are compiled from their
``.py`` sources (Cython's pure-Python mode); the sources are installed too.

- **A C compiler is there** (``CC``, else the compiler Python was built with, found on ``PATH``):
  every listed module must compile. The install prints that it compiles and about how long it
  takes (pip shows it with ``-v``), runs Cython and the compiler on every core, and fails, naming
  each module that did not compile, when any did not: a half-compiled package would pass for a
  compiled one. ``SUDOKU_RATER_PURE=1`` (the run-time switch to the sources) skips the compile.
- **No C compiler** (or ``SUDOKU_RATER_PURE=1``): no extension is declared, so the wheel is an
  honest ``py3-none-any`` one with the Python sources alone. The ratings are the same on both
  paths, only slower.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any, NoReturn

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
CORES = os.cpu_count() or 1
#: What the compile costs on one core of a 2-core EPYC (docs/decisions.md, "A compiled path").
COMPILE_CPU_MINUTES = "2-3"


def _note(message: str) -> None:
    print(f"sudoku-rater: {message}", file=sys.stderr, flush=True)


def _c_compiler() -> str | None:
    """The C compiler the build would call (``CC``, else Python's own), when it is on ``PATH``.

    Where Python names none (Windows), there is no compile: the install stays pure."""
    words = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "")
    return shutil.which(words[0]) if words else None


def _extensions() -> list[Extension]:
    """One extension per listed module, from its ``.py`` source (cythonized by the build itself),
    or none when the build is pure: then the distribution has no extension and the wheel no tag
    of a platform."""
    if BUILD.pure_requested():
        _note(f"{BUILD.PURE_ENV}=1: the pure-Python modules are installed, nothing is compiled")
        return []
    compiler = _c_compiler()
    if compiler is None:
        _note("no C compiler found (CC or Python's own): the pure-Python modules are installed")
        return []
    return [Extension(name, [str(Path(*name.split(".")).with_suffix(".py"))]) for name in BUILD.COMPILED_MODULES]


class CompileAll(build_ext):
    """Cythonize and compile every listed module, on every core; any module left out fails the build."""

    def finalize_options(self) -> None:
        # cythonized first (once: a later build_ext finds the C sources), since setuptools prepares
        # each extension it is given in finalize_options
        extensions = self.distribution.ext_modules
        if extensions and any(source.endswith(".py") for ext in extensions for source in ext.sources):
            _note(f"compiling {len(extensions)} modules with Cython and {_c_compiler()} on {CORES} core(s): about "
                  f"{COMPILE_CPU_MINUTES} CPU minutes shared by the cores, more on a busy machine "
                  f"({BUILD.PURE_ENV}=1 installs the pure-Python modules instead)")
            extensions[:] = self._cythonized(extensions)
        super().finalize_options()
        if self.parallel is None:
            self.parallel = CORES  # one compiler process per core
        self.failed: list[str] = []

    def run(self) -> None:
        if not self.extensions:
            return
        super().run()
        if self.failed:
            self._fail(f"the C compiler failed on {', '.join(sorted(self.failed))}")
        from Cython import __version__ as cython_version

        note = Path(self.build_lib if not self.inplace else HERE) / "puzzles" / BUILD.BUILD_NOTE
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(f"Cython {cython_version}\n")
        _note(f"{len(self.extensions)} modules compiled with Cython {cython_version}")

    def _cythonized(self, extensions: list[Extension]) -> list[Extension]:
        """The extensions with their C sources; Cython prints an error for each module it refuses, then the build stops."""
        try:
            from Cython.Build import cythonize
        except ImportError:
            self._fail("Cython is not installed (it is a build requirement in pyproject.toml)")
        # Python's semantics everywhere: no C types from inference or from annotations (a ``float``
        # annotation would make ints floats); docs/decisions.md, "A compiled path".
        try:
            return list(cythonize(extensions, build_dir="build/cython", quiet=True, nthreads=CORES,
                                  compiler_directives={"language_level": 3, "infer_types": False,
                                                       "annotation_typing": False}))
        except Exception as exc:  # Cython's CompileError, after every module was tried
            self._fail(f"Cython failed ({type(exc).__name__}: {exc}; every error is above)")

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            # No debug information and -O2 instead of Python's -O3 -g: half the compile time
            # (docs/performance.md, install cost), the same rating time.
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-O2"]
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        """Compile one module; a failure is remembered, so that the others still compile and every
        failing module is named at the end."""
        try:
            super().build_extension(ext)
        except Exception as exc:  # CompileError, LinkError, or whatever the compiler raises
            _note(f"{ext.name} did not compile: {type(exc).__name__}: {exc}")
            self.failed.append(ext.name)

    @staticmethod
    def _fail(reason: str) -> NoReturn:
        sys.exit(f"sudoku-rater: {reason}. A C compiler is there, so every module of puzzles/build.py must "
                 f"compile; set {BUILD.PURE_ENV}=1 to install the pure-Python modules instead.")


setup(ext_modules=_extensions(), cmdclass={"build_ext": CompileAll})

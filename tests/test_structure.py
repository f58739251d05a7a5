"""The shape of the code, read with ``ast``: short functions, few parameters, imports that point one way.

A function of ``rater/`` over 60 lines, or one of the four packages over 15
parameters, does more than one job (a command takes its options as a
dataclass instead); an import circle between modules means no module of it
can be understood, tested or loaded without the others.  Imports inside
functions and under ``TYPE_CHECKING`` count too: they are circles all the same.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("puzzles", "techniques", "rater", "canon")
MAX_LINES = 60
MAX_PARAMETERS = 15


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def _trees() -> Iterator[tuple[str, Path, ast.Module]]:
    for name, path in MODULES.items():
        yield name, path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    args = function.args
    return (len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs)
            + (args.vararg is not None) + (args.kwarg is not None))


def _imports(name: str, path: Path, tree: ast.Module) -> set[str]:
    """The modules of the four packages that module ``name`` imports, anywhere in its text."""
    found: set[str] = set()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # ``from rater.views import report``
    return {module for module in found if module in MODULES and module != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        circles.append(sorted(component))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in stack:
                low[node] = min(low[node], index[target])
    return circles


def test_no_function_of_rater_is_longer_than_60_lines() -> None:
    long = [f"{path.relative_to(ROOT)}:{f.lineno} {f.name} ({f.end_lineno - f.lineno + 1} lines)"
            for name, path, tree in _trees() if name.split(".")[0] == "rater"
            for f in _functions(tree) if (f.end_lineno or f.lineno) - f.lineno + 1 > MAX_LINES]
    assert long == []


def test_no_function_takes_more_than_15_parameters() -> None:
    wide = [f"{path.relative_to(ROOT)}:{f.lineno} {f.name} ({_parameters(f)} parameters)"
            for _, path, tree in _trees() for f in _functions(tree) if _parameters(f) > MAX_PARAMETERS]
    assert wide == []


def test_no_import_circle_between_modules() -> None:
    graph = {name: _imports(name, path, tree) for name, path, tree in _trees()}
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == [["a", "b", "c"]]

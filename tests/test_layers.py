"""The apps form one-way layers (docs/ARCHITECTURE.md).

Every module of the site is parsed (not imported) and every import it makes is checked,
wherever it stands: at the top, inside a function, under ``if TYPE_CHECKING``. A module may
import its own layer and the layers below it, never one above: that is what lets the next
game or rule system be added to one layer without the others moving.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Lowest first. A module belongs to the first layer whose package prefix it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules", ("game.engine",)),
    ("display", ("display",)),
    ("accounts", ("accounts",)),
    ("game", ("game",)),
    ("lobby", ("lobby",)),
    ("tournaments", ("tournaments",)),
    ("challenge", ("challenge",)),
    ("shop", ("shop",)),
    ("site", ("baohuang_site",)),
)
PROJECT_PACKAGES = (
    "game",
    "display",
    "accounts",
    "lobby",
    "tournaments",
    "challenge",
    "shop",
    "baohuang_site",
)

# Imports inside a function are allowed only where Django wants them: an app's ``ready``
# connects its signal receivers once the registry is loaded; and in the engine's referee
# command, which loads each subcommand's modules lazily. Anything else inside a function is
# an import dodging a cycle. ("" allows any import in that file.) The server's
# launcher imports uvloop only where it may be missing (Windows), and daphne only after
# choosing the loop, since daphne makes its loop on import (baohuang_site/serve.py): its
# command line, and its importer for the application that the launcher imports first.
FUNCTION_IMPORTS_ALLOWED = {
    ("accounts/apps.py", "accounts.signals"),
    ("lobby/apps.py", "lobby.signals"),
    # Tournaments register their receivers and their hooks into the keeper, the tables and
    # the pages of hands.
    ("tournaments/apps.py", "tournaments.signals"),
    ("tournaments/apps.py", "tournaments.services"),
    ("tournaments/apps.py", "tournaments.selectors"),
    ("tournaments/apps.py", "tournaments.links"),
    ("tournaments/apps.py", "game.keeper"),
    ("tournaments/apps.py", "game.selectors"),
    ("tournaments/apps.py", "lobby.tables"),
    # The daily challenge registers the same kinds of hooks.
    ("challenge/apps.py", "challenge.signals"),
    ("challenge/apps.py", "challenge.services"),
    ("challenge/apps.py", "challenge.links"),
    ("challenge/apps.py", "game.keeper"),
    ("challenge/apps.py", "game.selectors"),
    ("challenge/apps.py", "lobby.tables"),
    # The shop tells the game what a hand's players hold (game.props.HOLDERS).
    ("shop/apps.py", "game.props"),
    ("shop/apps.py", "shop.selectors"),
    ("game/engine/cli.py", ""),
    ("baohuang_site/serve.py", "uvloop"),
    ("baohuang_site/serve.py", "daphne"),
}


def layer_of(module: str) -> int | None:
    for index, (_name, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    return None


@dataclass(frozen=True, slots=True)
class Import:
    path: str  # relative to the project root
    line: int
    target: str  # the module imported (for ``from a import b``: ``a.b`` if that is a module)
    in_function: bool


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_in(source: str, *, path: str, module: str, is_package: bool = False) -> list[Import]:
    """Every import in ``source``, with the module it names resolved to an absolute name."""
    tree = ast.parse(source)
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(Import(path, child.lineno, alias.name, inner))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    package = module.split(".") if is_package else module.split(".")[:-1]
                    package = package[: len(package) - (child.level - 1)]
                    base = ".".join([*package, base] if base else package)
                for alias in child.names:
                    found.append(Import(path, child.lineno, f"{base}.{alias.name}", inner))
            visit(child, inner)

    visit(tree, False)
    return found


def violations(imports: list[Import], importer: str) -> list[str]:
    """The imports that point up the layers from ``importer``'s layer."""
    own = layer_of(importer)
    problems = []
    for imp in imports:
        target = layer_of(imp.target)
        if own is None or target is None:
            continue
        if target > own:
            problems.append(
                f"{imp.path}:{imp.line}: {LAYERS[own][0]} module {importer} imports "
                f"{imp.target} from the {LAYERS[target][0]} layer above it"
            )
    return problems


def site_modules() -> Iterator[tuple[Path, str]]:
    for package in PROJECT_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, module_name(path)


def all_imports() -> Iterator[tuple[str, list[Import]]]:
    for path, module in site_modules():
        rel = path.relative_to(ROOT).as_posix()
        yield (
            module,
            imports_in(
                path.read_text(), path=rel, module=module, is_package=path.name == "__init__.py"
            ),
        )


def test_every_app_module_is_in_a_layer() -> None:
    unplaced = [module for _path, module in site_modules() if layer_of(module) is None]
    assert unplaced == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    problems = [p for module, imports in all_imports() for p in violations(imports, module)]
    assert problems == [], "\n".join(problems)


def test_the_rules_import_neither_django_nor_any_app() -> None:
    problems = [
        f"{imp.path}:{imp.line}: {imp.target}"
        for module, imports in all_imports()
        if layer_of(module) == 0
        for imp in imports
        if imp.target.split(".")[0] == "django"
        or (layer_of(imp.target) is None and imp.target.split(".")[0] in PROJECT_PACKAGES)
    ]
    assert problems == [], "\n".join(problems)


def test_no_import_hides_inside_a_function() -> None:
    problems = [
        f"{imp.path}:{imp.line}: {imp.target}"
        for _module, imports in all_imports()
        for imp in imports
        if imp.in_function
        and not any(
            imp.path == path
            and (not allowed or imp.target == allowed or imp.target.startswith(allowed + "."))
            for path, allowed in FUNCTION_IMPORTS_ALLOWED
        )
    ]
    assert problems == [], "\n".join(problems)


# --- the checker itself finds what it must ----------------------------------------------------


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        # game importing lobby, at the top, in a function, under TYPE_CHECKING, relatively.
        ("game.services", "from lobby.models import Room\n", "lobby.models.Room"),
        ("game.keeper", "def beat():\n    from lobby import presence\n", "lobby.presence"),
        (
            "accounts.tasks",
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from game.models import Hand\n",
            "game.models.Hand",
        ),
        ("accounts.views", "import game.selectors\n", "game.selectors"),
        ("display.labels", "from accounts.models import User\n", "accounts.models.User"),
        ("game.engine.hand", "from ..models import Hand\n", "game.models.Hand"),
    ],
)
def test_the_checker_catches_an_import_up_the_layers(
    module: str, source: str, expected: str
) -> None:
    imports = imports_in(source, path="x.py", module=module)
    problems = violations(imports, module)
    assert len(problems) == 1 and expected in problems[0]


def test_the_checker_lets_imports_down_the_layers_through() -> None:
    source = (
        "from game import engine\nfrom game.engine.cards import format_card\n"
        "from accounts.models import User\nfrom display.labels import ROLE_LABELS\n"
        "from .models import Table\n"
    )
    assert violations(imports_in(source, path="x.py", module="lobby.tables"), "lobby.tables") == []


def test_the_checker_sees_an_import_inside_a_function() -> None:
    imports = imports_in(
        "import os\ndef f():\n    import json\n", path="x.py", module="game.services"
    )
    assert [(i.target, i.in_function) for i in imports] == [("os", False), ("json", True)]


def import_graph() -> dict[str, set[str]]:
    """Project module → the project modules it imports (``from a import b``: ``a.b`` if that
    is a module, else ``a``). A package's ``__init__`` counts as the package."""
    modules = {module for _path, module in site_modules()}
    graph: dict[str, set[str]] = {}
    for module, imports in all_imports():
        edges = set()
        for imp in imports:
            name = imp.target
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module:
                edges.add(name)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_no_two_site_modules_import_each_other() -> None:
    # The engine re-exports its modules through its package, so
    # its package and modules are one knot by design; the check is for the apps.
    graph = {m: e for m, e in import_graph().items() if layer_of(m) != 0}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"accounts.models": {"accounts.services"}, "accounts.services": {"accounts.models"}}
    assert cycles(graph) == [["accounts.models", "accounts.services"]]

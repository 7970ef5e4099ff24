"""A page as htmx's out-of-band swaps see it: the outer html of each element with an id.

Enough of a DOM to apply pushed fragments to a page and compare the result with a fresh
render: an element's html is normalised (attributes sorted, ``hx-swap-oob`` dropped as
htmx drops it on swapping, runs of white space collapsed as the browser renders them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

ATTRIBUTE_SELECTOR = re.compile(r"\[([\w-]+)='([^']*)'\]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


@dataclass
class Node:
    tag: str
    attrs: tuple[tuple[str, str], ...]
    children: list[Node | str] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        return dict(self.attrs).get("id")

    @property
    def oob(self) -> bool:
        return "hx-swap-oob" in dict(self.attrs)

    def html(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(self.attrs) if k != "hx-swap-oob")
        inner = "".join(c if isinstance(c, str) else c.html() for c in self.children)
        return (
            f"<{self.tag}{attrs}>"
            if self.tag in VOID
            else f"<{self.tag}{attrs}>{inner}</{self.tag}>"
        )

    def walk(self) -> list[Node]:
        out = [self]
        for c in self.children:
            if isinstance(c, Node):
                out.extend(c.walk())
        return out


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", ())
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, tuple((k, v or "") for k, v in attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, tuple((k, v or "") for k, v in attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return
        raise AssertionError(f"</{tag}> closes nothing")

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text:
            self.stack[-1].children.append(text)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    assert len(builder.stack) == 1, f"unclosed <{builder.stack[-1].tag}>"
    return builder.root


def by_id(html: str, ids: frozenset[str]) -> dict[str, str]:
    """The normalised outer html of each element of ``html`` whose id is in ``ids``."""
    return {n.id: n.html() for n in parse(html).walk() if n.id in ids}


def _find(root: Node, element_id: str) -> tuple[Node, int] | None:
    """The parent of the element with ``element_id`` under ``root``, and its index there."""
    for node in root.walk():
        for i, child in enumerate(node.children):
            if isinstance(child, Node) and child.id == element_id:
                return node, i
    return None


class _Trees:
    """The page's fragments parsed on demand, each at most once per swap. A fragment's html is
    normalised (``Node.html``), so an element or attribute can only be in it if its text is:
    ``id="x"`` for the element with id x, ``a="v"`` for an attribute. A fragment without that
    text is never parsed; parsing every fragment for every swap of every frame made the
    whole-hand comparisons (tests/lobby/test_frames_match_page.py) cost minutes of CPU."""

    def __init__(self, page: dict[str, str]) -> None:
        self.page = page
        self.parsed: dict[str, Node] = {}

    def holding(self, *texts: str) -> list[tuple[str, Node]]:
        """The fragments (in the page's order) whose html holds any of ``texts``, parsed."""
        found = []
        for key, html in self.page.items():
            if any(text in html for text in texts):
                if key not in self.parsed:
                    self.parsed[key] = parse(html)
                found.append((key, self.parsed[key]))
        return found

    def with_id(self, element_id: str) -> tuple[str, Node, Node, int] | None:
        """The first fragment holding the element ``element_id``: its key, its tree, and the
        element's parent and index there."""
        for key, tree in self.holding(f' id="{element_id}"'):
            found = _find(tree, element_id)
            if found is not None:
                return key, tree, *found
        return None

    def store(self, key: str) -> None:
        self.page[key] = self.parsed[key].children[0].html()  # type: ignore[union-attr]


def apply_frame(page: dict[str, str], frame: str, ids: frozenset[str]) -> None:
    """Swap ``frame``'s out-of-band fragments into ``page`` as htmx does.

    ``page`` holds the outer html of each element of ``ids``. An ``hx-swap-oob="true"``
    element replaces the element with its id (one of ``ids``, or an element inside one);
    any ``hx-preserve`` element in it is replaced by the page's element with the same id,
    if there is one; ``hx-swap-oob="beforeend:#x"`` appends its children to ``#x``;
    ``hx-swap-oob="delete:[a='v'],…"`` removes the elements with those attributes. Every
    top-level element of a frame must be an oob swap: htmx would put anything else into the
    socket's own target, which a table frame never means to do; and a swap whose target the
    page lacks fails the test (htmx would drop it with an error event)."""
    for top in parse(frame).children:
        if isinstance(top, str):
            raise AssertionError(f"text outside any fragment: {top[:80]!r}")
        spec = dict(top.attrs).get("hx-swap-oob")
        assert spec is not None, f"a frame's element that is no oob swap: {top.html()[:120]}"
        trees = _Trees(page)
        if spec.startswith("delete:"):
            # The table deletes only by attribute: ``[data-card='8S'],[data-card='9H2']``.
            wanted = set()
            for selector in spec.removeprefix("delete:").split(","):
                match = ATTRIBUTE_SELECTOR.fullmatch(selector)
                assert match is not None, f"an unexpected delete selector: {selector}"
                wanted.add((match[1], match[2]))
            deleted = 0
            for key, tree in trees.holding(*(f' {k}="{v}"' for k, v in wanted)):
                for node in tree.walk():
                    kept = [
                        c for c in node.children if isinstance(c, str) or not wanted & set(c.attrs)
                    ]
                    deleted += len(node.children) - len(kept)
                    node.children = kept
                trees.store(key)
            assert deleted == len(wanted), f"{spec}: deleted {deleted} elements"
            continue
        if spec.startswith("beforeend:#"):
            target = spec.removeprefix("beforeend:#")
            found = trees.with_id(target)
            if found is None:
                raise AssertionError(f"nothing to append to: {target}")
            key, _, parent, i = found
            parent.children[i].children.extend(top.children)  # type: ignore[union-attr]
            trees.store(key)
            continue
        assert spec == "true" and top.id, f"an unexpected oob swap: {top.html()[:120]}"
        for node in top.walk():
            for i, child in enumerate(node.children):
                if isinstance(child, Node) and "hx-preserve" in dict(child.attrs) and child.id:
                    old = trees.with_id(child.id)
                    if old is not None:
                        _, _, parent, j = old
                        node.children[i] = parent.children[j]
        whole = [node for node in top.walk() if node.id in ids]
        if whole:  # one of the page's fragments (or a container of some: ``seats``)
            for node in whole:
                page[node.id] = node.html()  # type: ignore[index]
            continue
        found = trees.with_id(top.id)
        if found is None:
            raise AssertionError(f"no element with id {top.id!r} to swap")
        key, _, parent, i = found
        parent.children[i] = top
        trees.store(key)

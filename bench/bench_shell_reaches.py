"""How often code outside the ``Shell`` class reaches into its public fields, and how
often it writes through them (issue 51: a shell whose parts own their state and are
asked, not reached into).

A reach is ``shell.F`` (``shell`` a name, or ``self.shell``) where F is one of Shell's
public dataclass fields. It is a write when it, or the chain it starts, is assigned to or
deleted (``shell.narrator.note = x``, ``shell.focus.bid = 3``), or a mutating method is
called at the end of its chain (``shell.pending.clear()``); a call of any other method
(``shell.focus.move_bid(...)``) asks the part and is a read.

    python bench/bench_shell_reaches.py [ROOT]   # ROOT holds spades_voice/ (default: .)
"""

from __future__ import annotations

import ast
import collections
import pathlib
import sys

MUTATING = {"clear", "append", "extend", "pop", "update", "remove", "insert"}


def shell_fields(state: pathlib.Path) -> set[str]:
    """Shell's public dataclass fields (not its ``InitVar`` arguments)."""
    for node in ast.walk(ast.parse(state.read_text())):
        if isinstance(node, ast.ClassDef) and node.name == "Shell":
            return {
                st.target.id
                for st in node.body
                if isinstance(st, ast.AnnAssign)
                and isinstance(st.target, ast.Name)
                and not st.target.id.startswith("_")
                and not ast.unparse(st.annotation).startswith("InitVar")
            }
    raise SystemExit(f"no Shell class in {state}")


def is_shell(expr: ast.expr) -> bool:
    return (isinstance(expr, ast.Name) and expr.id == "shell") or (
        isinstance(expr, ast.Attribute) and expr.attr == "shell"
    )


def written(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """Whether the chain ``node`` starts is assigned to, deleted or mutated."""
    cur: ast.AST = node
    while True:
        if isinstance(cur, ast.Attribute | ast.Subscript) and isinstance(
            cur.ctx, ast.Store | ast.Del
        ):
            return True
        par = parents.get(id(cur))
        if isinstance(par, ast.AugAssign) and par.target is cur:
            return True
        if isinstance(par, ast.Attribute | ast.Subscript) and par.value is cur:
            cur = par
            continue
        if isinstance(par, ast.Call) and par.func is cur and cur is not node:
            return isinstance(cur, ast.Attribute) and cur.attr in MUTATING
        return False


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    state = root / "spades_voice/shell/state.py"
    fields = shell_fields(state)
    reads: collections.Counter[str] = collections.Counter()
    writes: collections.Counter[str] = collections.Counter()
    for path in sorted((root / "spades_voice").rglob("*.py")):
        tree = ast.parse(path.read_text())
        inside: set[int] = set()
        if path == state:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == "Shell":
                    inside = {id(n) for n in ast.walk(node)}
        parents = {id(ch): node for node in ast.walk(tree) for ch in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and id(node) not in inside
                and node.attr in fields
                and is_shell(node.value)
            ):
                (writes if written(node, parents) else reads)[node.attr] += 1
    total = sum(reads.values()) + sum(writes.values())
    print(f"Shell's public fields: {len(fields)}")
    print(f"reaches from outside the class: {total} "
          f"(writes {sum(writes.values())}, reads {sum(reads.values())})")
    for name in sorted(fields):
        if reads[name] or writes[name]:
            print(f"  {name}: {reads[name]} reads, {writes[name]} writes")


if __name__ == "__main__":
    main()

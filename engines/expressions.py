"""Expressions over a machine's state: breakpoint conditions, log messages and watches (DAP's
``condition``, ``logMessage`` and ``evaluate`` in a watch context).

An expression is Python expression syntax evaluated safely by simpleeval (no ``eval``): names are
the language's state names (:attr:`~esodbg.engines.language.Language.all_names`), plus literals,
arithmetic, comparisons, ``and``/``or``/``not``, ``x if c else y``, subscripts and slices, lists,
tuples, dicts, comprehensions, f-strings, the functions of :data:`FUNCTIONS` and a few
non-mutating methods (:data:`ALLOWED_ATTRS`).  Nothing can change the machine: containers are
read-only views (:mod:`.names`), and no function or method mutates.

:class:`Expression` compiles once — parses and checks every name and construct, so a mistake is
an :class:`ExpressionError` when the expression is *set* — and then evaluates its cached tree
(simpleeval's evaluator walking it, no parsing).  A failure while evaluating (an index out of
range, a division by zero…) is an :class:`EvaluationError` whose message the debugger reports.
:class:`Message` is a log message: text with ``{expression}`` parts.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Mapping
from typing import Any

from simpleeval import EvalWithCompoundTypes, InvalidExpression

from .names import Cells, FrozenBoard, Points

# Deterministic and side-effect free (simpleeval's rand/randint are left out: a condition must
# give the same answer when reverse-continue re-executes a step).
FUNCTIONS = {"abs": abs, "all": all, "any": any, "bool": bool, "chr": chr, "divmod": divmod, "int": int,
             "len": len, "max": max, "min": min, "ord": ord, "sorted": sorted, "str": str, "sum": sum}
# Methods an expression may call: none that mutates, none that builds a huge value from a small one.
ALLOWED_ATTRS: dict[type | None, set[str]] = {
    int: {"bit_length"}, bool: set(), float: {"is_integer"}, None: set(),
    str: {"count", "endswith", "find", "index", "isalnum", "isalpha", "isdigit", "islower", "isspace", "isupper",
          "lower", "lstrip", "rfind", "rstrip", "startswith", "strip", "upper"},
    tuple: {"count", "index"}, list: {"count", "index"}, dict: {"get", "items", "keys", "values"},
    Cells: {"count", "index"},
}
METHODS = frozenset().union(*ALLOWED_ATTRS.values())
CONSTANTS = frozenset({"True", "False", "None"})


class ExpressionError(ValueError):
    """An expression that cannot be used — bad syntax, an unknown name, a construct or function
    not allowed — found when it is set.  ``str(error)`` says what and where."""


class EvaluationError(Exception):
    """An expression failed while being evaluated; ``str(error)`` is the message to report."""


class _Evaluator(EvalWithCompoundTypes):
    """simpleeval's evaluator with esodbg's functions and attributes; ``names`` is set before
    each evaluation (a lazy mapping, :class:`~esodbg.engines.names.Names`)."""

    def __init__(self) -> None:
        super().__init__(functions=dict(FUNCTIONS), names={}, allowed_attrs=ALLOWED_ATTRS)


def _check(tree: ast.AST, names: Collection[str], evaluator: _Evaluator, text: str) -> None:
    """Raise :class:`ExpressionError` for the first node of ``tree`` that evaluation would
    refuse: a construct simpleeval does not evaluate, an operator it has not, an unknown name,
    a call of anything but a function of :data:`FUNCTIONS` or an allowed method."""
    bound = {target.id for node in ast.walk(tree) if isinstance(node, ast.comprehension)
             for target in ast.walk(node.target) if isinstance(target, ast.Name)}
    known = set(names) | set(evaluator.functions) | CONSTANTS | bound
    for node in ast.walk(tree):
        where = f" (column {node.col_offset + 1})" if hasattr(node, "col_offset") else ""
        if isinstance(node, (ast.operator, ast.unaryop, ast.cmpop)):
            if type(node) not in evaluator.operators:
                raise ExpressionError(f"{text!r}: the operator {type(node).__name__} is not allowed")
        elif isinstance(node, (ast.boolop, ast.expr_context, ast.comprehension)):
            continue
        elif type(node) not in evaluator.nodes:
            raise ExpressionError(f"{text!r}: {type(node).__name__} is not allowed in an expression{where}")
        elif isinstance(node, ast.Name) and node.id not in known:
            raise ExpressionError(f"{text!r}: unknown name {node.id!r}{where}; the names are: "
                                  f"{', '.join(sorted(names))}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id not in evaluator.functions:
            raise ExpressionError(f"{text!r}: {node.func.id!r} is not a function{where}; the functions are: "
                                  f"{', '.join(sorted(evaluator.functions))}")
        elif isinstance(node, ast.Call) and not isinstance(node.func, (ast.Name, ast.Attribute)):
            raise ExpressionError(f"{text!r}: only functions and methods can be called{where}")
        elif isinstance(node, ast.Attribute) and node.attr not in METHODS:
            raise ExpressionError(f"{text!r}: the attribute {node.attr!r} is not allowed{where}; the methods "
                                  f"are: {', '.join(sorted(METHODS))}")


class _Fold(ast.NodeTransformer):
    """``-5`` is a minus applied to ``5`` in Python's tree: folded once here, not at every
    evaluation (conditions are evaluated at every arrival)."""

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        operand = node.operand
        if isinstance(node.op, (ast.USub, ast.UAdd)) and isinstance(operand, ast.Constant) \
                and type(operand.value) in (int, float):
            value = -operand.value if isinstance(node.op, ast.USub) else operand.value
            return ast.copy_location(ast.Constant(value), node)
        return node


class Expression:
    """An expression over the state names ``names``, compiled once.

    ``text`` is what the user wrote.  Raises :class:`ExpressionError` if it is not a single valid
    expression over ``names`` (see the module docstring for what is allowed)."""

    __slots__ = ("text", "_tree", "_evaluator")

    def __init__(self, text: str, names: Collection[str]) -> None:
        self.text = text.strip()
        if not self.text:
            raise ExpressionError("an empty expression")
        try:
            self._tree = ast.parse(self.text, mode="eval").body
        except SyntaxError as error:
            # Python puts an error at the end of the text at offset 0 ('acc >': an operand is missing).
            at = f"column {error.offset}" if error.offset and error.offset <= len(self.text) else "at the end"
            raise ExpressionError(f"{self.text!r}: {error.msg} ({at})") from None
        self._evaluator = _Evaluator()
        _check(self._tree, names, self._evaluator, self.text)
        self._tree = _Fold().visit(self._tree)

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        """The value of the expression with the state ``names`` (a mapping from each state name to
        its value); raises :class:`EvaluationError` with a message if evaluation fails."""
        evaluator = self._evaluator
        evaluator.names = names
        try:
            return evaluator.eval(self.text, previously_parsed=self._tree)
        except InvalidExpression as error:
            raise EvaluationError(f"{self.text}: {error}") from None
        except Exception as error:  # noqa: BLE001 — any failure of a user's expression is reported, never raised
            raise EvaluationError(f"{self.text}: {type(error).__name__}: {error}") from None

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"


class Message:
    """A log message: text with ``{expression}`` parts (``{{`` and ``}}`` are braces), each part
    an :class:`Expression` over ``names``.  Raises :class:`ExpressionError` for a bad part or an
    unbalanced brace."""

    __slots__ = ("text", "_parts")

    def __init__(self, text: str, names: Collection[str]) -> None:
        self.text = text
        parts: list[str | Expression] = []
        literal, i = [], 0
        while i < len(text):
            char = text[i]
            if text.startswith(("{{", "}}"), i):
                literal.append(char)
                i += 2
            elif char == "{":
                end = text.find("}", i)
                if end < 0:
                    raise ExpressionError(f"{text!r}: a '{{' without its '}}' (column {i + 1})")
                parts.append("".join(literal))
                literal = []
                parts.append(Expression(text[i + 1:end], names))
                i = end + 1
            elif char == "}":
                raise ExpressionError(f"{text!r}: a '}}' without its '{{' (column {i + 1}); write '}}}}' for a brace")
            else:
                literal.append(char)
                i += 1
        parts.append("".join(literal))
        self._parts = tuple(part for part in parts if part != "")

    def render(self, names: Mapping[str, Any]) -> str:
        """The message with each part's value (strings as they are, other values as
        :func:`show` writes them); raises :class:`EvaluationError` if a part fails."""
        out = []
        for part in self._parts:
            if isinstance(part, str):
                out.append(part)
            else:
                value = part.evaluate(names)
                out.append(value if isinstance(value, str) else show(value, 200))
        return "".join(out)

    def __repr__(self) -> str:
        return f"Message({self.text!r})"


def show(value: Any, width: int = 60) -> str:
    """``value`` as a watch or a log shows it, in at most about ``width`` characters: a
    sequence's first items then ``…`` and its length, a board as ``<name>``, other values by
    ``repr`` (cut with ``…``)."""
    if isinstance(value, (Points, FrozenBoard)):
        return repr(value)
    if isinstance(value, (Cells, list, tuple)):
        open_, close = ("(", ")") if isinstance(value, tuple) else ("[", "]")
        shown, used = [], 2
        for item in value:
            text = show(item, width)
            if used + len(text) + 2 > width and shown:
                return f"{open_}{', '.join(shown)}, … {len(value):,} items{close}"
            shown.append(text)
            used += len(text) + 2
        return f"{open_}{', '.join(shown)}{',' if len(shown) == 1 and open_ == '(' else ''}{close}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * width:
        return f"{str(value)[:width]}… ({len(str(value)):,} digits)"
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"

"""Expressions over a machine's state: breakpoint conditions, log messages and watches (DAP's
``condition``, ``logMessage`` and ``evaluate`` in a watch context).

An expression is Python expression syntax evaluated safely by simpleeval (no ``eval``): names are
the language's state names (:attr:`~esodbg.engines.language.Language.all_names`), plus literals,
arithmetic, comparisons, ``and``/``or``/``not``, ``x if c else y``, subscripts and slices, lists,
tuples, dicts, comprehensions, f-strings, the functions of :data:`FUNCTIONS` and a few
non-mutating methods (:data:`ALLOWED_ATTRS`).  Nothing can change the machine: containers are
read-only views (:mod:`.names`), and no function or method mutates.

:class:`Expression` compiles once — parses and checks every name and construct, so a mistake is
an :class:`ExpressionError` when the expression is *set* — into a tree of closures, one a node
(:func:`_compile`): a condition evaluated at every arrival at a breakpoint costs a few calls, not
simpleeval's walk of the tree.  The closures mirror simpleeval's evaluation of the nodes they
compile (the same operator functions, the same order, the same errors); any other construct
(comprehensions, f-strings, methods, slices, displays) is one closure that hands its subtree to
simpleeval's evaluator, so every expression means exactly what simpleeval makes of it.  A failure while evaluating (an index out of
range, a division by zero…) is an :class:`EvaluationError` whose message the debugger reports.
:class:`Message` is a log message: text with ``{expression}`` parts.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection, Mapping
from typing import Any

from simpleeval import MAX_STRING_LENGTH, EvalWithCompoundTypes, InvalidExpression

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


Code = Callable[[Mapping[str, Any]], Any]  # a compiled node: the state's names → the node's value


def _compile(node: ast.AST, evaluator: _Evaluator) -> Code:
    """``node`` (checked by :func:`_check`) as a closure over the names, evaluating as
    simpleeval's ``_eval`` of it does (``SimpleEval._eval_*``, simpleeval 1.0.8).  simpleeval
    also checks each node's value for modules and forbidden functions: no value here can be one
    (names are the state's data, functions only :data:`FUNCTIONS`)."""
    build = _BUILDERS.get(type(node))
    code = build(node, evaluator) if build is not None else None
    if code is None:  # a construct compiled as simpleeval's own evaluation of the subtree
        evaluate = evaluator._eval
        return lambda names: evaluate(node)
    return code


def _constant(node: ast.Constant, evaluator: _Evaluator) -> Code | None:
    """``_eval_constant``: the value (a literal too long is left to simpleeval, which refuses it)."""
    value = node.value
    if hasattr(value, "__len__") and len(value) > MAX_STRING_LENGTH:
        return None
    return lambda names: value


def _name(node: ast.Name, evaluator: _Evaluator) -> Code:
    """``_eval_name``: the state's value, else simpleeval's way (a function, or its error)."""
    key, fallback = node.id, evaluator._eval_name

    def name(names):
        try:
            return names[key]
        except (TypeError, KeyError):
            return fallback(node)
    return name


def _operator(node: ast.BinOp | ast.UnaryOp, evaluator: _Evaluator) -> Code | None:
    """``_eval_binop`` / ``_eval_unaryop``: simpleeval's operator function (``safe_power``,
    ``safe_mult``… with their limits) on the operands, left first."""
    operator = evaluator.operators.get(type(node.op))
    if operator is None:
        return None
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand, evaluator)
        return lambda names: operator(operand(names))
    left, right = _compile(node.left, evaluator), _compile(node.right, evaluator)
    return lambda names: operator(left(names), right(names))


def _compare(node: ast.Compare, evaluator: _Evaluator) -> Code | None:
    """``_eval_compare``: a chain, each operand evaluated once, stopping at the first false."""
    operators = [evaluator.operators.get(type(op)) for op in node.ops]
    if None in operators:
        return None
    first = _compile(node.left, evaluator)
    rest = [(operator, _compile(comparator, evaluator)) for operator, comparator in zip(operators, node.comparators)]
    if len(rest) == 1:
        (operator, second), = rest
        return lambda names: operator(first(names), second(names))

    def chain(names):
        right, result = first(names), True
        for operator, comparator in rest:
            if not result:
                break
            left, right = right, comparator(names)
            result = operator(left, right)
        return result
    return chain


def _boolean(node: ast.BoolOp, evaluator: _Evaluator) -> Code:
    """``_eval_boolop``: ``and`` gives the first false value (else the last), ``or`` the first
    true one (else the last)."""
    values = [_compile(value, evaluator) for value in node.values]
    stop_when = bool(isinstance(node.op, ast.Or))

    def boolean(names):
        result = False
        for value in values:
            result = value(names)
            if bool(result) is stop_when:
                break
        return result
    return boolean


def _if(node: ast.IfExp, evaluator: _Evaluator) -> Code:
    """``_eval_ifexp``."""
    test, body, orelse = (_compile(part, evaluator) for part in (node.test, node.body, node.orelse))
    return lambda names: body(names) if test(names) else orelse(names)


def _subscript(node: ast.Subscript, evaluator: _Evaluator) -> Code | None:
    """``_eval_subscript`` with an index (a slice is simpleeval's): ``container[key]``."""
    if isinstance(node.slice, ast.Slice):
        return None
    container, key = _compile(node.value, evaluator), _compile(node.slice, evaluator)
    return lambda names: container(names)[key(names)]


def _call(node: ast.Call, evaluator: _Evaluator) -> Code | None:
    """``_eval_call`` of a function of :data:`FUNCTIONS` with positional arguments (methods and
    keywords are simpleeval's)."""
    if not isinstance(node.func, ast.Name) or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    function = evaluator.functions[node.func.id]
    arguments = [_compile(argument, evaluator) for argument in node.args]
    return lambda names: function(*[argument(names) for argument in arguments])


_BUILDERS: dict[type, Callable[[Any, _Evaluator], Code | None]] = {
    ast.Constant: _constant, ast.Name: _name, ast.BinOp: _operator, ast.UnaryOp: _operator, ast.Compare: _compare,
    ast.BoolOp: _boolean, ast.IfExp: _if, ast.Subscript: _subscript, ast.Call: _call,
}


class Expression:
    """An expression over the state names ``names``, compiled once.

    ``text`` is what the user wrote.  Raises :class:`ExpressionError` if it is not a single valid
    expression over ``names`` (see the module docstring for what is allowed)."""

    __slots__ = ("text", "_tree", "_evaluator", "_code")

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
        self._evaluator.expr = self.text  # what simpleeval's errors quote
        self._code = _compile(self._tree, self._evaluator)

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        """The value of the expression with the state ``names`` (a mapping from each state name to
        its value); raises :class:`EvaluationError` with a message if evaluation fails."""
        evaluator = self._evaluator  # for the subtrees simpleeval evaluates, as its eval() sets it:
        evaluator.names, evaluator._max_count = names, 0  # the state, and no comprehension items yet
        try:
            return self._code(names)
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

"""Expressions compiled into closures (engines/expressions.py) mean what simpleeval makes of them:
the same value, or the same error, for every expression the checks accept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from simpleeval import InvalidExpression

from esodbg.engines.expressions import EvaluationError, Expression, ExpressionError, _Evaluator

NAMES = {"acc": -3, "zero": 0, "mem": [0, 5, -2, 7], "s": "ab", "d": {"k": 1}, "flag": True}


def simpleeval(expression: Expression, names: dict):
    """The oracle: simpleeval's own evaluator walking the checked tree (what esodbg did before)."""
    evaluator = _Evaluator()
    evaluator.names = names
    try:
        return ("value", evaluator.eval(expression.text, previously_parsed=expression._tree))
    except InvalidExpression as error:
        return ("error", f"{expression.text}: {error}")
    except Exception as error:  # noqa: BLE001 — as Expression.evaluate reports it
        return ("error", f"{expression.text}: {type(error).__name__}: {error}")


def compiled(expression: Expression, names: dict):
    try:
        return ("value", expression.evaluate(names))
    except EvaluationError as error:
        return ("error", str(error))


atoms = st.sampled_from(["acc", "zero", "mem", "s", "d", "flag", "0", "1", "-2", "7", "'a'", "'ab'", "True",
                         "None", "2.5", "[1, 2]", "(1,)", "{'k': 2}"])


def combine(inner: st.SearchStrategy) -> st.SearchStrategy:
    binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "<<", "&", "|", "^"]), inner)
    compare = st.tuples(inner, st.sampled_from(["<", "<=", "==", "!=", ">", ">=", "in", "not in", "is"]), inner)
    return st.one_of(
        binary.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        compare.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} < {t[1]} <= {t[2]})"),
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda x: f"(not {x})"), inner.map(lambda x: f"(-{x})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        inner.map(lambda x: f"{x}[1:]"),
        st.tuples(st.sampled_from(["abs", "len", "max", "min", "bool", "str", "sum", "int"]), inner)
        .map(lambda t: f"{t[0]}({t[1]})"),
        inner.map(lambda x: f"max({x}, 1)"),
        inner.map(lambda x: f"[v for v in mem if v != {x}]"),
        inner.map(lambda x: f"f'{{{x}}}'"),
        inner.map(lambda x: f"s.count({x})"),
    )


expressions = st.recursive(atoms, combine, max_leaves=8)


@settings(max_examples=600, deadline=None)
@given(expressions)
def test_compiled_expressions_give_what_simpleeval_gives(text):
    try:
        expression = Expression(text, NAMES)
    except ExpressionError:
        return  # refused when set, as before: the checks are unchanged
    assert compiled(expression, NAMES) == simpleeval(expression, NAMES)


@pytest.mark.parametrize("text, value", [
    ("acc < -2 < 0", True), ("acc < -2 > 0", False), ("mem[1] and s", "ab"), ("zero or mem[0] or 9", 9),
    ("mem[-1] * 2 if flag else 0", 14), ("max(mem) + len(s)", 9), ("d['k']", 1), ("-acc", 3),
    ("sum([m for m in mem if m > 0])", 12), ("f'{acc:>4}'", "  -3"), ("s.upper()", "AB"), ("mem[1:3]", [5, -2]),
])
def test_each_kind_of_node(text, value):
    assert Expression(text, NAMES).evaluate(NAMES) == value


@pytest.mark.parametrize("text, message", [
    ("acc // zero", "acc // zero: ZeroDivisionError: integer division or modulo by zero"),
    ("mem[9]", "mem[9]: IndexError: list index out of range"),
    ("2 ** 9999999", "2 ** 9999999: Sorry! I don't want to evaluate 2 ** 9999999"),
    ("s * 99999999", "s * 99999999: Sorry, I will not evaluate something that long."),
])
def test_failures_and_simpleeval_limits_are_reported_as_before(text, message):
    expression = Expression(text, NAMES)
    with pytest.raises(EvaluationError) as error:
        expression.evaluate(NAMES)
    assert str(error.value) == message == simpleeval(expression, NAMES)[1]


def test_a_comprehension_limit_counts_per_evaluation():
    expression = Expression("len([v for v in mem])", NAMES)
    for _ in range(5000):  # 4 items each: over simpleeval's 10,000 if the count were not reset
        assert expression.evaluate(NAMES) == 4

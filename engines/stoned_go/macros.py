"""Macros: structure, checks and expansion (spec `stoned-go.md` M1–M10).

:func:`expand` takes the lexer's tokens and returns the expanded token stream (definitions
dropped, calls replaced), each token with its ``via`` chain (0.3), or raises
:class:`~.errors.SourceError` (phase ``macro``) for the first error in M8's order:

1. structure, in token order: ``}`` without a definition (M2f), an unclosed definition (M2g) or
   call (M3), a stray ``>`` or a ``}`` inside an argument (M3), ``{`` inside a body or an argument
   (M4), ``!`` outside a body (M5);
2. a name defined twice (M2e), in source order;
3. each call site in source order: undefined (M6), then recursive (M7) — checked statically on
   the call graph, so unused macros are checked too.

Expansion (M9) is lazy and iterative (no Python recursion, whatever the nesting): a ``!`` expands
its argument again in the caller's context each time it is used.  Every item list's token count is
known in advance as a linear function of its argument's count (saturated just above the M10
limit), so parts that expand to nothing are skipped without being walked: the work is linear in
the tokens produced, and M10's 1,000,001st token is reached quickly however the macros nest.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ..base import Span
from .errors import CallSite, SourceError, Via
from .lexer import BANG, CALL, CALL_OPEN, DEF, END_CALL, END_DEF, Token

LIMIT = 1_000_000  # M10
CAP = LIMIT + 1  # token counts saturate here: all that matters is "more than LIMIT"


# The expanded stream is a list of ``(token, via)``: the lexer's token (its span is where its text
# is written, possibly in a macro body) and the call sites it was expanded through, outermost
# first (0.3).
Expanded = tuple[Token, Via]


class Call:
    """A call site ``<name>`` / ``<name:arg>``; ``arg`` is ``None`` without ``:``, else its items;
    ``owner`` is the macro whose body it is written in (``None`` at top level)."""

    __slots__ = ("name", "token", "arg", "owner", "site", "arg_count")

    def __init__(self, token: Token, arg: list | None, owner: str | None) -> None:
        self.name: str = token.value  # type: ignore[assignment]
        self.token = token
        self.arg = arg
        self.owner = owner
        self.site = CallSite(self.name, token.span)  # extended to the '>' when the argument closes
        self.arg_count = (0, 0)  # (p, q): the argument expands to p + q·(enclosing argument) tokens



class Definition(NamedTuple):
    name: str
    token: Token  # the DEF-OPEN token ``{name:``
    body: list


def expand(tokens: list[Token], filename: str) -> list[Expanded]:
    """The expanded token stream of a lexed program; ``SourceError`` (phase ``macro``) on the
    first error in M8's order."""

    def fail(token: Token, message: str) -> SourceError:
        return SourceError("macro", filename, token.span.line, token.span.col, message)

    top, definitions, calls = _structure(tokens, fail)
    macros: dict[str, Definition] = {}
    for d in definitions:  # M2e
        if d.name in macros:
            first = macros[d.name].token.span
            raise fail(d.token, f"macro {d.name!r} is already defined at {first.line}:{first.col}")
        macros[d.name] = d
    order = _check_calls(macros, calls, fail)
    counts = _Counts(macros, order, top)
    return _expand(top, macros, counts, filename)


def _structure(tokens: list[Token], fail) -> tuple[list, list[Definition], list[Call]]:
    """Split the token list into top-level items, definitions and call sites (M2–M5)."""
    top: list = []
    definitions: list[Definition] = []
    calls: list[Call] = []
    items = top
    definition: Token | None = None  # the open definition's DEF token
    body: list = []
    args: list[tuple[Call, list]] = []  # open call arguments, innermost last, with the enclosing items
    for tok in tokens:
        kind = tok.kind
        if kind == DEF:  # M4
            if definition is not None:
                opened = definition.span
                raise fail(tok, f"a macro cannot be defined inside another macro ({definition.value!r}, "
                                f"opened at {opened.line}:{opened.col})")
            if args:
                raise fail(tok, f"a macro cannot be defined inside a call argument "
                                f"(the call to {args[-1][0].name!r} opened at {_at(args[-1][0].token)})")
            definition, body = tok, []
            items = body
        elif kind == END_DEF:
            if args:  # M3
                raise fail(tok, f"expected '>' to close the call to {args[-1][0].name!r} opened at {_at(args[-1][0].token)}")
            if definition is None:  # M2f
                raise fail(tok, "unexpected '}': no macro definition is open")
            definitions.append(Definition(definition.value, definition, body))  # type: ignore[arg-type]
            definition, items = None, top
        elif kind == CALL or kind == CALL_OPEN:
            call = Call(tok, [] if kind == CALL_OPEN else None, definition.value if definition else None)  # type: ignore[arg-type]
            calls.append(call)
            items.append(call)
            if call.arg is not None:
                args.append((call, items))
                items = call.arg
        elif kind == END_CALL:
            if not args:  # M3
                raise fail(tok, "unexpected '>': no macro call argument is open")
            call, items = args.pop()
            start = call.token.span
            call.site = CallSite(call.name, Span(start.line, start.col, tok.span.end_line, tok.span.end_col))
        elif kind == BANG and definition is None:  # M5
            raise fail(tok, "'!' is only allowed inside a macro definition")
        else:
            items.append(tok)
    if args:  # M3: the innermost open construct is reported
        call = args[-1][0]
        raise fail(call.token, f"unclosed macro call to {call.name!r}: expected '>'")
    if definition is not None:  # M2g
        raise fail(definition, f"unclosed macro definition {definition.value!r}: expected '}}'")
    return top, definitions, calls


def _at(token: Token) -> str:
    return f"{token.span.line}:{token.span.col}"


def _postorder(nodes, successors) -> list:
    """Depth-first post-order of a graph (iterative: graphs may be deep)."""
    seen, order = set(), []
    for root in nodes:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(successors[root]))]
        while stack:
            node, rest = stack[-1]
            for nxt in rest:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, iter(successors[nxt])))
                    break
            else:
                stack.pop()
                order.append(node)
    return order


def _check_calls(macros: dict[str, Definition], calls: list[Call], fail) -> list[str]:
    """M6 and M7 for every call site in source order.  Returns the macros callees first (the
    call graph is acyclic once this passes)."""
    graph: dict[str, list[str]] = {name: [] for name in macros}
    for call in calls:
        if call.owner is not None and call.name in macros and call.name not in graph[call.owner]:
            graph[call.owner].append(call.name)
    order = _postorder(macros, graph)
    # Kosaraju: on the reversed graph, in reverse post-order, each search finds one component.
    reverse: dict[str, list[str]] = {name: [] for name in macros}
    for name, callees in graph.items():
        for callee in callees:
            reverse[callee].append(name)
    component: dict[str, int] = {}
    for root in reversed(order):
        if root in component:
            continue
        component[root] = len(component)
        stack = [root]
        while stack:
            for nxt in reverse[stack.pop()]:
                if nxt not in component:
                    component[nxt] = component[root]
                    stack.append(nxt)
    for call in calls:
        if call.name not in macros:  # M6
            raise fail(call.token, f"undefined macro {call.name!r}")
        owner = call.owner
        if owner is not None and (call.name == owner or component[call.name] == component[owner]):  # M7
            path = [owner] + _shortest_path(graph, call.name, owner)
            raise fail(call.token, "recursive macro call: " + " -> ".join(path))
    return order


def _shortest_path(graph: dict[str, list[str]], start: str, goal: str) -> list[str]:
    """The names on a shortest path from ``start`` to ``goal`` (both included; breadth first,
    callees in the order their first call is written)."""
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            break
        for nxt in graph[node]:
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    path: list[str] = []
    node: str | None = goal
    while node is not None:
        path.append(node)
        node = parent[node]
    return path[::-1]


RUN, CALL_ITEM, BANG_ITEM = range(3)  # plan entries


class _Counts:
    """Token counts for M9/M10.  A macro ``N`` called with an argument of ``a`` tokens expands to
    ``A[N] + B[N]·a`` tokens; an item list inside a body whose own argument has ``b`` tokens gives
    ``p + q·b``.  All saturate at :data:`CAP`.

    ``plan(items, b)`` is ``items`` as the expansion walks it when the enclosing argument has
    ``b`` tokens: items that would expand to nothing are left out, and consecutive plain tokens
    are one ``(RUN, tokens)`` entry; calls are ``(CALL_ITEM, call)``, ``!`` is ``(BANG_ITEM, None)``."""

    def __init__(self, macros: dict[str, Definition], order: list[str], top: list) -> None:
        self.A: dict[str, int] = {}
        self.B: dict[str, int] = {}
        self._plans: dict[int, tuple[list, list]] = {}  # id(list) -> (plan if b > 0, plan if b == 0)
        self._keep: list[list] = []  # the measured lists, so their ids stay theirs
        for name in order:  # callees first
            self.A[name], self.B[name] = self._measure(macros[name].body)
        self._measure(top)

    def _measure(self, items: list) -> tuple[int, int]:
        """(p, q) of ``items``; also measures every argument list inside, children first, and
        records each argument's (p, q) on its call."""
        lists, stack = [], [(items, None)]
        while stack:  # pre-order: an argument list comes after the list holding its call
            lst, call = stack.pop()
            lists.append((lst, call))
            stack.extend((item.arg, item) for item in lst if isinstance(item, Call) and item.arg is not None)
        pq = (0, 0)
        for lst, call in reversed(lists):
            p = q = 0
            any_b: list = []
            zero_b: list = []
            for item in lst:
                if isinstance(item, Call):
                    a, b = self.A[item.name], self.B[item.name]
                    pa, qa = item.arg_count
                    ip, iq = min(a + b * pa, CAP), min(b * qa, CAP)
                    entry = (CALL_ITEM, item)
                elif item.kind == BANG:
                    ip, iq, entry = 0, 1, (BANG_ITEM, None)
                else:
                    ip, iq, entry = 1, 0, (RUN, item)
                p, q = min(p + ip, CAP), min(q + iq, CAP)
                if ip or iq:
                    _add(any_b, entry)
                if ip:
                    _add(zero_b, entry)
            self._plans[id(lst)] = (_runs(any_b), _runs(zero_b))
            self._keep.append(lst)
            pq = (p, q)
            if call is not None:
                call.arg_count = pq
        return pq

    def plan(self, items: list, b: int) -> list:
        return self._plans[id(items)][0 if b else 1]


def _add(plan: list, entry: tuple) -> None:
    """Append ``entry``, merging plain tokens into the run before it."""
    if entry[0] == RUN and plan and plan[-1][0] == RUN:
        plan[-1][1].append(entry[1])
    else:
        plan.append((RUN, [entry[1]]) if entry[0] == RUN else entry)


def _runs(plan: list) -> list:
    """Freeze the runs of a plan into tuples."""
    return [(RUN, tuple(data)) if tag == RUN else (tag, data) for tag, data in plan]


def _expand(top: list, macros: dict[str, Definition], counts: _Counts, filename: str) -> list[Expanded]:
    """M9 with M10's limit.  A frame walks one plan: ``[plan, index, bang, via, b]`` where
    ``bang`` is the argument a ``!`` stands for — ``(items, bang, via, b)`` of the caller, so it
    is expanded in the caller's context — and ``b`` is that argument's token count.  A call whose
    body is one run of tokens is emitted at once, without a frame."""
    out: list[Expanded] = []
    extend = out.extend
    plan = counts.plan
    bodies = {name: (plan(d.body, 1), plan(d.body, 0)) for name, d in macros.items()}
    frames = [[plan(top, 0), 0, None, (), 0]]
    while frames:
        frame = frames[-1]
        entries, start, bang, via, b = frame
        for i in range(start, len(entries)):
            tag, data = entries[i]
            if tag == CALL_ITEM:
                pa, qa = data.arg_count
                arg_b = pa + qa * b if qa else pa
                body = bodies[data.name][0 if arg_b else 1]
                if len(body) != 1 or body[0][0] != RUN:
                    frame[1] = i + 1
                    frames.append([body, 0, (data.arg, bang, via, b), via + (data.site,), min(arg_b, CAP)])
                    break
                data, token_via = body[0][1], via + (data.site,)  # a leaf: emitted here, no frame
            elif tag == BANG_ITEM:
                frame[1] = i + 1
                arg_items, arg_bang, arg_via, arg_b = bang
                frames.append([plan(arg_items, arg_b), 0, arg_bang, arg_via, arg_b])
                break
            else:
                token_via = via
            if len(out) + len(data) > LIMIT:  # M10: the token that crosses the limit
                span = data[LIMIT - len(out)].span
                raise SourceError("macro", filename, span.line, span.col, f"macro expansion exceeds {LIMIT} tokens",
                                  token_via)
            extend([(token, token_via) for token in data])
        else:
            frames.pop()
    return out

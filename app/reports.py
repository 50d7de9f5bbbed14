"""What ``esodbg exec`` writes about a run after its output: every hit of a spec (``--query``),
where a value came from (``--why``) and where the run spent its steps (``--profile``), as text or JSON (``--format``).

Both go to stdout after the program's output and a newline, as ``--final-state -`` does; their
JSON shapes are in ``docs/debugging.md`` ("Understanding a run").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from esodbg.engines.base import plural
from esodbg.engines.expressions import show
from esodbg.engines.profile import Place
from esodbg.engines.provenance import CUT, INITIAL, INTERRUPTED, NO_READS, End, Link

if TYPE_CHECKING:
    from esodbg.engines.query import Query


def json_value(value: Any) -> Any:
    """``value`` as JSON holds it: numbers, strings, ``null`` and booleans as they are, a tuple
    as a list, anything else (a board) as the text a watch shows."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    return show(value)


def why_json(location: str, value: Any, step: int, links: list[Link], end: End) -> dict:
    """The answer to ``--why`` as JSON: ``location``, its ``value`` after ``step``, the
    ``chain`` (newest first: each link's ``step``, ``location``, ``value``, ``by`` — the source
    ``line``, ``column`` and ``text`` of the command that wrote it, and where it ran, ``at`` —
    and ``reads``) and its ``end`` (``reason``: ``initial``, ``no reads``, ``depth`` or
    ``interrupted``; for ``initial`` the ``location`` nothing wrote and its ``value``)."""
    chain = [{"step": link.step, "location": link.location, "value": json_value(link.value),
              "by": {"line": link.span.line if link.span else None, "column": link.span.col if link.span else None,
                     "text": link.text, "at": link.where},
              "reads": list(link.reads)} for link in links]
    finish: dict[str, Any] = {"reason": end.reason}
    if end.reason == INITIAL:
        finish |= {"location": end.location, "value": json_value(end.value)}
    return {"location": location, "value": json_value(value), "step": step, "chain": chain, "end": finish}


def why_text(location: str, value: Any, step: int, links: list[Link], end: End) -> str:
    """The answer to ``--why`` as lines of text, one a link, then how the chain ends."""
    lines = [f"{location} = {show(value)} after step {step:,}"]
    for link in links:
        where = f" at {link.span.line}:{link.span.col}" if link.span else ""
        what = f" {link.text!r}" if link.text else ""
        read = f"; read {', '.join(link.reads)}" if link.reads else ""
        lines.append(f"  step {link.step:,}: {link.location} = {show(link.value)}, written by{what}{where} "
                     f"({link.where}){read}")
    if end.reason == INITIAL:
        lines.append(f"  {end.location} = {show(end.value)}: the initial value (no step wrote it)")
    elif end.reason == NO_READS:
        lines.append("  (that step read no location: its value came from the code, from input or from the rules alone)")
    elif end.reason == CUT:
        lines.append(f"  … ({plural(len(links), 'step')} back: --why-depth N follows more)")
    elif end.reason == INTERRUPTED:
        lines.append("  … (interrupted)")
    return "\n".join(lines)


def profile_json(steps: int, places: list[Place]) -> dict:
    """The answer to ``--profile`` as JSON: the ``steps`` run and the ``places`` a command ran
    from (``line``, ``column``, ``text``, ``count``; most-run first; the counts sum to
    ``steps``).  A step with no place in the source has ``line`` and ``column`` ``null``."""
    return {"steps": steps, "places": [{"line": place.span.line if place.span else None,
                                        "column": place.span.col if place.span else None,
                                        "text": place.text, "count": place.count} for place in places]}


def profile_text(steps: int, places: list[Place], shown: int = 20) -> str:
    """The answer to ``--profile`` as a table of the ``shown`` most-run places, with shares."""
    lines = [f"{plural(steps, 'step', ',')}, {plural(len(places), 'place', ',')}", f"{'count':>12} {'share':>7}  place"]
    for place in places[:shown]:
        where = f"{place.span.line}:{place.span.col}" if place.span else "-"
        share = place.count / steps if steps else 0.0
        text = " ".join(place.text.split())  # a row a place: a sentence over two lines on one
        lines.append(f"{place.count:>12,} {share:>7.1%}  {where:<9} {text}")
    if len(places) > shown:
        rest = sum(place.count for place in places[shown:])
        lines.append(f"{rest:>12,} {rest / steps:>7.1%}  ({len(places) - shown:,} more places)")
    return "\n".join(lines)


def queries_json(queries: list[Query]) -> dict:
    """The answer to ``--query`` as JSON: ``queries``, one a spec in the order given, each with
    its ``spec`` (as written), its ``hits`` (``step``: where ``--break`` would stop; ``location``;
    ``message``: the log message or ``null``; a data query's ``old`` and ``new`` values and ``by``,
    where the step that changed it ran; ``null`` where they do not apply) and ``truncated``
    (more hits than ``--query-limit``: the first ones are listed)."""
    return {"queries": [{"spec": query.spec, "hits": [
        {"step": hit.step, "location": hit.location, "message": hit.message, "old": json_value(hit.old),
         "new": json_value(hit.new), "by": hit.by} for hit in query.hits], "truncated": query.truncated}
        for query in queries]}


def queries_text(queries: list[Query]) -> str:
    """The answer to ``--query`` as text: a line a query (its spec and how many hits), then a
    line a hit: ``step N  LOCATION  MESSAGE`` (a data query: ``old → new``)."""
    lines = []
    for query in queries:
        more = f" (the first {len(query.hits):,}: there were more)" if query.truncated else ""
        lines.append(f"{query.canonical}: {plural(len(query.hits), 'hit', ',')}{more}")
        for hit in query.hits:
            said = [f"step {hit.step:,}", hit.location]
            if query.is_data:
                said.append(f"{show(hit.old)} → {show(hit.new)}")
            if hit.message is not None:
                said.append(hit.message)
            lines.append("  " + "  ".join(said))
    return "\n".join(lines)

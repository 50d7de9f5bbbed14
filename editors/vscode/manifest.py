"""The parts of the VS Code extension's manifest (``package.json``) that the registered languages
decide, generated from them so that they cannot go stale: the description, the languages (ids,
names, file endings), the activation events, where breakpoints are allowed, the debugger's
languages, and the launch configuration's schema — ``lang``, ``stdin`` and every language's own
options from their :class:`~esodbg.engines.language.Option` declarations (type, choices, minimum,
help, the languages each is for) — and a small TextMate grammar for each language
(``syntaxes/``), made from its tree-sitter grammar's highlight query, so that a program is
coloured before the language server starts (its semantic tokens then take over).

    python editors/vscode/manifest.py          # rewrite package.json
    python editors/vscode/manifest.py --check  # exit 1 if package.json is not what it would write

(tests/test_editors.py checks it.)  The rest of the manifest is written by hand and kept.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from esodbg.engines import registry
from esodbg.engines.language import Language, Option

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "package.json"

# VS Code language ids other extensions own: the fish shell's extensions use "fish".
IDS = {"fish": "fish-esolang"}
# File endings another language owns in VS Code: the extension claims such a file only when its
# content is the esodbg language's (extension.js, the rule of registry.for_file), never by ending.
BY_CONTENT = {".fish"}
# Endings VS Code keeps for itself (Tic Tac Toe Grow's .txt: plain text; Piet's pictures, which it shows).
LEFT_OUT = {".txt", ".png", ".gif", ".ppm"}
DEBUG_EVENTS = ["onDebugResolve:esodbg", "onDebugInitialConfigurations", "onDebugDynamicConfigurations:esodbg"]


def vscode_id(language: Language) -> str:
    """The language's id in VS Code."""
    return IDS.get(language.name, language.name)


def _titles(languages: list[Language]) -> str:
    titles = [language.title for language in languages]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def option_schema(option: Option, languages: list[Language]) -> dict:
    """The JSON schema of a language option in ``options`` (what the adapter accepts)."""
    which = ", ".join(language.title for language in languages)
    schema: dict = {}
    if option.type is bool:
        schema["type"] = "boolean"
    elif option.type is int:
        schema["type"] = "integer"
        if option.minimum is not None:
            schema["minimum"] = option.minimum
    elif option.choices and all(choice.lstrip("-").isdigit() for choice in option.choices if choice != "unbounded") \
            and any(choice.lstrip("-").isdigit() for choice in option.choices):
        # numeric choices (Brainfuck's cell-size 8, 16, 32): a number or its text
        schema["type"] = ["string", "integer"]
        schema["enum"] = list(option.choices) + [int(c) for c in option.choices if c.lstrip("-").isdigit()]
    else:
        schema["type"] = "string"
        if option.choices:
            schema["enum"] = list(option.choices)
    schema["description"] = f"[{which}] {option.help}"
    return schema


GRAMMARS = HERE.parent.parent / "grammars"
SYNTAXES = HERE / "syntaxes"
# Highlight captures (the queries' names) as TextMate scopes, which every VS Code theme colours.
SCOPES = {"keyword": "keyword.control", "keyword.return": "keyword.control.flow", "number": "constant.numeric",
          "operator": "keyword.operator", "string": "string.quoted", "string.special": "string.other",
          "comment": "comment.line", "function.builtin": "support.function", "function.call": "entity.name.function",
          "function": "entity.name.function", "variable": "variable.other", "constant": "constant.language",
          "label": "entity.name.label", "keyword.directive": "keyword.other.directive",
          "keyword.function": "storage.type.function", "type.builtin": "support.type"}  # (ascii-piet's blue, cyan)
_CAPTURE = re.compile(r'^(\((\w+)\)|"((?:[^"\\]|\\.)+)"|\[((?:\s*\(\w+\)\s*)+)\])\s*@([\w.]+)\s*$', re.M)


def _regex(rules: dict, rule: dict, depth: int = 0) -> str | None:
    """A tree-sitter rule as an Oniguruma regex, if it is made of strings and patterns only."""
    kind = rule["type"]
    if kind == "STRING":
        return re.escape(rule["value"])
    if kind == "PATTERN":
        return re.sub(r"\\u([0-9a-fA-F]{4})", r"\\x{\1}", rule["value"])
    if kind == "BLANK":
        return ""
    if kind in ("TOKEN", "IMMEDIATE_TOKEN", "ALIAS", "FIELD", "PREC", "PREC_LEFT", "PREC_RIGHT", "PREC_DYNAMIC"):
        return _regex(rules, rule["content"], depth)
    if kind == "SYMBOL" and depth < 4 and not rule["name"].startswith("_"):
        return _regex(rules, rules[rule["name"]], depth + 1)
    if kind in ("CHOICE", "SEQ"):
        parts = [_regex(rules, member, depth) for member in rule["members"]]
        if any(part is None for part in parts):
            return None
        return "(?:" + ("|" if kind == "CHOICE" else "").join(parts) + ")"
    if kind in ("REPEAT", "REPEAT1"):
        inner = _regex(rules, rule["content"], depth)
        return None if inner is None else f"(?:{inner}){'*' if kind == 'REPEAT' else '+'}"
    return None


def _local(regex: str) -> bool:
    """A pattern that stays on its line and matches no empty text (what is between the
    commands — 15's filler — matches anything: left to the semantic tokens), …"""
    try:
        compiled = re.compile(re.sub(r"\\x\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), regex))
    except re.error:
        return True  # Oniguruma's own syntax (\p{Nd}…): trusted
    # and not any character at all (Befunge's fetched character: a node only after its ')
    return not compiled.search("\n") and not compiled.fullmatch("") and \
        not all(compiled.fullmatch(c) for c in "a+1 @>")


def textmate(language: Language) -> dict | None:
    """A TextMate grammar for ``language``: one pattern a node its highlight query captures
    simply (a node, a list of nodes, a literal), in the order the grammar defines the nodes (its
    strings and comments first), each with the capture's scope."""
    folder = GRAMMARS / (language.grammar or "")
    if not language.grammar or not (folder / "queries" / "highlights.scm").is_file():
        return None
    rules = json.loads((folder / "src" / "grammar.json").read_text("utf-8"))["rules"]
    query = re.sub(r";[^\n]*", "", (folder / "queries" / "highlights.scm").read_text("utf-8"))
    captured: dict[str, str] = {}
    literals: list[tuple[str, str]] = []
    for match in _CAPTURE.finditer(query):
        before = query[:match.start()]
        if before.count("(") + before.count("[") != before.count(")") + before.count("]"):
            continue  # inside a pattern (Befunge's fetched character): not the node everywhere
        node, literal, listed, capture = match.group(2), match.group(3), match.group(4), match.group(5)
        scope = SCOPES.get(capture, capture)
        for name in ([node] if node else re.findall(r"\((\w+)\)", listed or "")):
            captured.setdefault(name, scope)
        if literal:
            literals.append((re.escape(literal.replace('\\"', '"')), scope))
    patterns = []
    for name in rules:  # the grammar's order
        if name in captured and (regex := _regex(rules, rules[name])) not in (None, "") and _local(regex):
            patterns.append({"name": f"{captured[name]}.{language.name}", "match": regex})
    patterns += [{"name": f"{scope}.{language.name}", "match": regex} for regex, scope in literals]
    return {"$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
            "name": language.title, "scopeName": f"source.{vscode_id(language)}",
            "comment": f"Generated by editors/vscode/manifest.py from grammars/{language.grammar}/ (do not edit)",
            "patterns": patterns}


def syntaxes() -> dict[str, dict]:
    """Each language's TextMate grammar, by its file name under ``syntaxes/``."""
    found = {}
    for language in registry.languages():
        grammar = textmate(language)
        if grammar is not None and grammar["patterns"]:
            found[f"{vscode_id(language)}.tmLanguage.json"] = grammar
    return found


def generate(package: dict) -> dict:
    """``package`` with its generated parts made from the registry."""
    languages = [language for language in registry.languages()]
    out = json.loads(json.dumps(package))
    out["description"] = (f"{_titles(languages)}: diagnostics as you type, colours, hover that explains the code "
                          "(esodbg lsp), and a debugger that steps backwards too (esodbg dap).")
    ids = [vscode_id(language) for language in languages]
    out["activationEvents"] = [f"onLanguage:{id}" for id in ids] + DEBUG_EVENTS + ["onStartupFinished"]
    contributes = out["contributes"]
    contributes["languages"] = [
        {"id": vscode_id(language), "aliases": [language.title] + ([language.name] if language.name != language.title
                                                                  and vscode_id(language) != language.name else []),
         "extensions": [e for e in language.extensions if e not in LEFT_OUT | BY_CONTENT]}
        for language in languages]
    contributes["breakpoints"] = [{"language": id} for id in ids]
    contributes["grammars"] = [{"language": name.split(".")[0], "scopeName": grammar["scopeName"],
                                "path": f"./syntaxes/{name}"} for name, grammar in syntaxes().items()]
    (debugger,) = contributes["debuggers"]
    debugger["languages"] = ids
    properties = debugger["configurationAttributes"]["launch"]["properties"]
    properties["lang"]["enum"] = [language.name for language in languages]
    readers = [language for language in languages if language.reads_input]
    properties["stdin"]["description"] = (f"The program's whole input ({_titles(readers)} read input). Without it "
                                          "or stdinFile, the input is empty.")
    options: dict[str, tuple[Option, list[Language]]] = {}
    for language in languages:
        for option in language.options:
            options.setdefault(option.name, (option, []))[1].append(language)
    properties["options"]["properties"] = {name: option_schema(option, which)
                                           for name, (option, which) in options.items()}
    return out


def text(package: dict) -> str:
    return json.dumps(package, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    current = PACKAGE.read_text("utf-8")
    files = {PACKAGE: text(generate(json.loads(current)))}
    files.update({SYNTAXES / name: text(grammar) for name, grammar in syntaxes().items()})
    stale = [path for path, wanted in files.items()
             if not path.is_file() or path.read_text("utf-8") != wanted]
    stale += [path for path in SYNTAXES.glob("*.json") if path not in files]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is stale: run python {Path(__file__).relative_to(HERE.parent.parent)}", file=sys.stderr)
        return 1 if stale else 0
    SYNTAXES.mkdir(exist_ok=True)
    for path in SYNTAXES.glob("*.json"):
        if path not in files:
            path.unlink()
    for path, wanted in files.items():
        path.write_text(wanted, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The parts of the VS Code extension's manifest (``package.json``) that the registered languages
decide, generated from them so that they cannot go stale: the description, the languages (ids,
names, file endings), the activation events, where breakpoints are allowed, the debugger's
languages, and the launch configuration's schema — ``lang``, ``stdin`` and every language's own
options from their :class:`~esodbg.engines.language.Option` declarations (type, choices, minimum,
help, the languages each is for).

    python editors/vscode/manifest.py          # rewrite package.json
    python editors/vscode/manifest.py --check  # exit 1 if package.json is not what it would write

(tests/test_editors.py checks it.)  The rest of the manifest is written by hand and kept.
"""

from __future__ import annotations

import json
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
# Endings VS Code keeps for itself (Tic Tac Toe Grow's .txt: plain text).
LEFT_OUT = {".txt"}
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
    wanted = text(generate(json.loads(current)))
    if "--check" in argv:
        if wanted != current:
            print(f"{PACKAGE} is stale: run python {Path(__file__).relative_to(HERE.parent.parent)}", file=sys.stderr)
            return 1
        return 0
    PACKAGE.write_text(wanted, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The editor set-ups of ``docs/editors.md`` work as written: the VS Code extension packages
(npm ``@vscode/vsce``) and, activated, starts ``esodbg lsp`` and ``esodbg dap``; Neovim (Debian's
``neovim``, headless) loads the documented configuration, opens a program with an error and
reports the language server's diagnostic; Helix's configuration is valid TOML naming both
servers for every language."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from esodbg.engines import registry

from conftest import ROOT
from external import need, run_node_tests

EXTENSION = ROOT / "editors" / "vscode"
EDITORS_DOC = (ROOT / "docs" / "editors.md").read_text("utf-8")


def section(heading: str) -> str:
    """The text of ``docs/editors.md`` under ``## heading``, up to the next one."""
    return EDITORS_DOC.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def block(text: str, kind: str) -> str:
    """The first fenced code block of ``kind`` in ``text``."""
    return re.search(rf"```{kind}\n(.*?)```", text, re.S).group(1)


def test_the_vscode_extension_packages_with_its_language_client(tmp_path):
    need(None if shutil.which("npx") else "npm is not installed (the extension is packaged with npm's @vscode/vsce)")
    need(None if (EXTENSION / "node_modules" / "@vscode" / "vsce").is_dir() else
         "the extension's packages are not installed: run `npm ci --prefix editors/vscode`")
    vsix = tmp_path / "esodbg.vsix"
    result = subprocess.run(["npx", "vsce", "package", "--allow-missing-repository", "--skip-license", "--out",
                             str(vsix)], cwd=EXTENSION, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    names = zipfile.ZipFile(vsix).namelist()
    assert {"extension/package.json", "extension/extension.js", "extension/readme.md"} <= set(names)
    assert "extension/node_modules/vscode-languageclient/lib/node/main.js" in names
    assert not any("node_modules/@vscode/vsce" in name for name in names)  # only what runs in VS Code


def test_the_vscode_extension_starts_the_language_server_and_the_adapter():
    need(None if shutil.which("node") else "Node.js is not installed")
    run_node_tests(ROOT / "tests" / "editors" / "extension.test.cjs")


def neovim(tmp_path: Path, programs: list[str], lua: str) -> Path:
    """Open ``programs`` (of the checkout; the first as Neovim's file, the rest with ``:edit``) in
    headless Neovim with the documented configuration, run ``lua`` (which writes its findings to
    ``{report}``), quit; the report's path."""
    need(None if shutil.which("nvim") else "Neovim is not installed (Debian's neovim: apt-get install neovim)")
    init = tmp_path / "init.lua"
    init.write_text(block(section("Neovim"), "lua"), "utf-8")
    report = tmp_path / "report.txt"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    edits = [arg for program in programs[1:] for arg in ("-c", f"edit {ROOT / program}")]
    subprocess.run(["nvim", "--headless", "-u", str(init), str(ROOT / programs[0]), *edits,
                    "-c", "lua " + lua.replace("{report}", repr(str(report))), "-c", "qa!"],
                   env=env, cwd=tmp_path, capture_output=True, timeout=60)
    return report


@pytest.mark.parametrize("program, message", [
    ("tests/programs/bad_label.15", "0:2 invalid puzzle label 'x': expected an integer"),
    ("tests/programs/second_bar.sgo", "0:6 second '|' at top level (first at 1:7) (via <bar> at 2:17)"),
])
def test_neovim_with_the_documented_configuration_shows_the_diagnostic(tmp_path, program, message):
    report = neovim(tmp_path, [program],
                    "vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50); local out = {}; "
                    "for _, d in ipairs(vim.diagnostic.get(0)) do "
                    "table.insert(out, string.format('%d:%d %s', d.lnum, d.col, d.message)) end; "
                    "vim.fn.writefile(out, {report})")
    assert report.is_file(), "Neovim wrote no diagnostics: the language server did not answer"
    assert message in report.read_text("utf-8").splitlines()


def test_neovim_starts_one_language_server_for_a_workspace_of_several_programs(tmp_path):
    """Two programs of the same checkout (two languages) open: one esodbg client serves both
    buffers (the set-up once started one a buffer on Neovim 0.7)."""
    report = neovim(tmp_path, ["tests/programs/bad_label.15", "tests/programs/second_bar.sgo"],
                    "vim.wait(20000, function() return #vim.diagnostic.get() >= 2 end, 50); local out = {}; "
                    "for _, c in ipairs(vim.lsp.get_active_clients()) do "
                    "table.insert(out, string.format('%s %s %d', c.name, c.config.root_dir, "
                    "#vim.tbl_keys(c.attached_buffers))) end; "
                    "vim.fn.writefile(out, {report})")
    assert report.is_file(), "Neovim wrote no report"
    root = str(ROOT) if (ROOT / ".git").exists() else str(tmp_path)  # a checkout, or an unpacked release
    assert report.read_text("utf-8").splitlines() == [f"esodbg {root} 2"]


def nvim_dap() -> Path | None:
    """nvim-dap 0.6.0 (the last for Neovim 0.7): ``$ESODBG_NVIM_DAP``, else where a plugin
    manager's ``pack/*/start`` put it."""
    if os.environ.get("ESODBG_NVIM_DAP"):
        return Path(os.environ["ESODBG_NVIM_DAP"])
    data = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return next(iter(sorted(data.glob("nvim/site/pack/*/start/nvim-dap"))), None)


def test_neovim_with_nvim_dap_stops_on_a_line_at_each_visit_and_on_a_cell_under_the_cursor(tmp_path):
    """The documented nvim-dap set-up, verbatim, on countdown.b93: ``toggle_breakpoint`` on line
    1 (a line, no column: nvim-dap sends none) stops where the loop comes back onto the line (the
    `>` at 1:4, not the program's first cell, which runs only at step 0), and the documented
    ``esodbg_cell_breakpoint`` under the cursor on line 2's `_` (2:10) stops on that cell only."""
    need(None if shutil.which("nvim") else "Neovim is not installed (Debian's neovim: apt-get install neovim)")
    plugin = nvim_dap()
    need(None if plugin is not None and (plugin / "lua" / "dap.lua").is_file() else
         "nvim-dap is not installed (git clone --branch 0.6.0 https://github.com/mfussenegger/nvim-dap into "
         "~/.local/share/nvim/site/pack/esodbg/start/nvim-dap, or set $ESODBG_NVIM_DAP)")
    lua = [text for text in re.findall(r"```lua\n(.*?)```", section("Neovim"), re.S)]
    init = tmp_path / "init.lua"
    init.write_text(lua[0] + "\n" + next(text for text in lua if 'require("dap")' in text), "utf-8")
    report = tmp_path / "report.txt"
    script = tmp_path / "test.lua"
    script.write_text(f"""
local dap = require("dap")
local seen = {{}}
dap.listeners.after.event_stopped["test"] = function(session, body)
  session:request("stackTrace", {{ threadId = 1 }}, function(err, response)
    local frame = response.stackFrames[1]
    table.insert(seen, body.reason .. " " .. frame.line .. ":" .. frame.column)
  end)
end
vim.api.nvim_win_set_cursor(0, {{ 1, 0 }})
dap.toggle_breakpoint()
vim.api.nvim_win_set_cursor(0, {{ 2, 9 }})
esodbg_cell_breakpoint()
dap.continue()
for n = 1, 4 do
  vim.wait(20000, function() return #seen >= n end, 20)
  if n < 4 then dap.continue() end
end
vim.fn.writefile(seen, {str(report)!r})
dap.terminate()
vim.wait(2000, function() return dap.session() == nil end, 20)
""", "utf-8")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path)}
    subprocess.run(["nvim", "--headless", "--cmd", f"set rtp^={plugin}", "-u", str(init),
                    str(ROOT / "examples" / "befunge" / "countdown.b93"), "-c", f"luafile {script}", "-c", "qa!"],
                   env=env, cwd=tmp_path, capture_output=True, timeout=90)
    assert report.is_file(), "Neovim wrote no report"
    assert report.read_text("utf-8").splitlines() == [
        "entry 1:1", "function breakpoint 2:10", "breakpoint 1:4", "function breakpoint 2:10"]


def test_the_helix_configuration_names_both_servers_for_every_language():
    config = tomllib.loads(block(section("Helix"), "toml"))
    assert config["language-server"]["esodbg"] == {"command": "esodbg", "args": ["lsp"]}
    languages = {tuple(language["file-types"]): language for language in config["language"]}
    extensions = {ext.lstrip(".") for language in registry.languages() for ext in language.extensions} \
        - {"txt", "png", "gif", "ppm"}  # plain text, and Piet's pictures (an editor shows them; a launch names them)
    assert {ext for types in languages for ext in types} == extensions
    for language in languages.values():
        assert language["language-servers"] == ["esodbg"]
        assert language["debugger"]["command"] == "esodbg" and language["debugger"]["args"] == ["dap"]


def test_the_one_helix_setup_gives_every_language_its_grammar_and_queries():
    """docs/editors.md's Helix set-up is the only one (grammars.md points to it): every language
    names a grammar of a ``[[grammar]]`` section whose path is that grammar's folder here, and the
    script that copies the queries puts that grammar's ``highlights.scm`` under the language's own
    name (Befunge-93 and -98 once left uncoloured: two language names, queries under a third)."""
    text = section("Helix")
    config = tomllib.loads(block(text, "toml"))
    grammars = {grammar["name"]: grammar["source"]["path"] for grammar in config["grammar"]}
    script = block(text, "sh")
    pairs = dict(pair.split(":") for pair in re.search(r"for pair in ([^;]+);", script).group(1).split())
    for language in config["language"]:
        name, grammar = language["name"], language.get("grammar")
        language_of = registry.by_name({"fish-esolang": "fish"}.get(name, name)) if name != "gcg" else None
        if language_of is not None and language_of.grammar is None:  # (every language has one now)
            assert grammar is None, name
            continue
        assert grammar in grammars, f"{name}: no [[grammar]] {grammar!r}"
        assert grammars[grammar].endswith(f"/grammars/{grammar}")
        assert (ROOT / "grammars" / grammar / "queries" / "highlights.scm").is_file(), grammar
        assert pairs.get(name) == grammar, f"{name}: its queries are not copied under its name"
    assert "[[language]]" not in (ROOT / "docs" / "grammars.md").read_text("utf-8"), \
        "grammars.md holds a second Helix set-up"
    known = {registry.by_name(name).grammar for name in ("befunge93", "befunge98")}
    assert {language["grammar"] for language in config["language"]
            if language["name"] in ("befunge93", "befunge98")} == known


def test_the_vscode_extension_colours_every_language_before_its_server_starts():
    """Each language of the manifest has a TextMate grammar (generated from its tree-sitter
    highlight query by editors/vscode/manifest.py), whose patterns compile; tokenized as VS Code
    does (at each place the first pattern that matches), a Befunge line reads as its highlight
    query says: arrows keywords, digits numbers, a string a string."""
    import json

    manifest = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    with_grammar = {{"fish": "fish-esolang"}.get(language.name, language.name) for language in registry.languages()
                    if language.grammar is not None}  # (Piet's is ascii-piet's)
    ids = [language["id"] for language in manifest["contributes"]["languages"] if language["id"] in with_grammar]
    grammars = {entry["language"]: entry for entry in manifest["contributes"]["grammars"]}
    assert set(grammars) == set(ids) and len(ids) == len(with_grammar)
    assert len({entry["scopeName"] for entry in grammars.values()}) == len(ids)

    def compiled(language: str) -> list[tuple[re.Pattern, str]]:
        grammar = json.loads((EXTENSION / grammars[language]["path"]).read_text("utf-8"))
        assert grammar["scopeName"] == grammars[language]["scopeName"]
        out = []
        for pattern in grammar["patterns"]:
            text = re.sub(r"\\x\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), pattern["match"])
            text = text.replace(r"\p{Nd}", r"\d")  # Oniguruma's, Python's
            out.append((re.compile(text), pattern["name"]))
        return out

    for language in ids:
        assert compiled(language), language

    def tokens(language: str, line: str) -> list[tuple[str, str]]:
        patterns, out, at = compiled(language), [], 0
        while at < len(line):
            found = next(((m, name) for regex, name in patterns if (m := regex.match(line, at)) and m.end() > at), None)
            if found is None:
                at += 1
                continue
            match, name = found
            out.append((match.group(), name.rsplit(".", 1)[0]))
            at = match.end()
        return out

    line = '>055+"!dlroW ,olleH"v'
    found = tokens("befunge93", line)
    assert found[0] == (">", "keyword.control") and ("5", "constant.numeric") in found
    assert ('"!dlroW ,olleH"', "string.quoted") in found and found[-1] == ("v", "keyword.control")
    assert tokens("brainfuck", "++[->+<]")[0] == ("++", "keyword.operator")

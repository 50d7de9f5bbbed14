// Every registered language (read from the registry, so a language added later is covered on
// arrival) through VS Code's own client, launched with VS Code's own initialize arguments: the
// initialize response already offers the language's events and breakpoint kinds (VS Code reads its
// Breakpoints view from it, once); a line breakpoint with no column stops each time the program
// comes onto the line; a column still means one cell; step back and reverse-continue; a variable's
// evaluateName evaluates and its data breakpoint is accepted; an event filter stops.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ESODBG, EXAMPLES, client, move, scope, topFrame } from './helpers.mjs';

// What VS Code 1.9x sends in initialize (its debugSession.initialize).
export const VSCODE_INITIALIZE = {
  clientID: 'vscode', clientName: 'Visual Studio Code', adapterID: 'esodbg', pathFormat: 'path',
  linesStartAt1: true, columnsStartAt1: true, supportsVariableType: true, supportsVariablePaging: true,
  supportsRunInTerminalRequest: true, locale: 'en', supportsProgressReporting: true, supportsInvalidatedEvent: true,
  supportsMemoryReferences: true, supportsArgsCanBeInterpretedByShell: true, supportsMemoryEvent: true,
  supportsStartDebuggingRequest: true, supportsANSIStyling: true,
};

// The registry, as the adapter's own Python reads it: each language, its first example, its events and kinds.
const PYTHON = path.join(path.dirname(ESODBG), 'python');
const SCRIPT = `
import json, sys
sys.path.insert(0, "tests")
from conftest import examples_of
from esodbg.engines import registry
from esodbg.engines.debugger import Session

def revisits(language, path):
    """How many lines the first 300 steps come onto twice or more (the example to test lines on)."""
    try:
        session = Session(language, language.parse(path.read_text("utf-8"), str(path)), "12\\n", True)
        lines = []
        for _ in range(300):
            span = language.span(session.machine)
            lines.append(span.line if span else None)
            if session.step(1).reason.name != "LIMIT":
                break
    except Exception:
        return -1
    entries = [b for a, b in zip(lines, lines[1:]) if a != b]
    return sum(1 for line in set(entries) if entries.count(line) > 1)

def example(language):
    found = [p for p in examples_of(language) if not p.name.startswith("err_")]
    return str(max(found, key=lambda p: revisits(language, p))) if found else None

print(json.dumps([{"name": l.name, "title": l.title, "kinds": list(l.breakpoint_kinds),
                   "events": [e.name for e in l.all_events if e.name != "error"], "program": example(l)}
                  for l in registry.languages()]))`;
export const LANGUAGES = JSON.parse(spawnSync(PYTHON, ['-c', SCRIPT], { encoding: 'utf8' }).stdout);

const STEPS = 300;  // steps recorded to choose the lines and cells to stop at

// initialize as VS Code sends it, launch, `configure`, configurationDone: the initialize response
// and the first stop.
async function start(dc, program, configure = async () => {}) {
  const init = await dc.initializeRequest(VSCODE_INITIALIZE);
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([
    dc.waitForEvent('initialized').then(async () => { await configure(); await dc.configurationDoneRequest(); }),
    dc.launchRequest({ type: 'esodbg', request: 'launch', name: 'Debug the open program', program, stopOnEntry: true,
      stopAtEnd: true, __configurationTarget: 6, __sessionId: 'x' }),
  ]);
  return { capabilities: init.body, stop: await stopped };
}

const step = async (dc) => Number((await dc.evaluateRequest({ expression: 'step', context: 'watch' })).body.result);

// The top frame's (line, column) after each of the first STEPS steps (index = step), and whether
// the program halted before.
async function record(dc) {
  const at = [];
  for (let i = 0; i <= STEPS; i++) {
    const frame = await topFrame(dc);
    at.push(frame.line ? [frame.line, frame.column] : null);
    const stop = await move(dc, 'next', { granularity: 'instruction' });
    if (/Halted/.test(stop.body.description || '') || stop.body.reason === 'exception') break;
  }
  return at;
}

describe('every registered language', { concurrency: 2 }, () => {
  for (const language of LANGUAGES.filter((l) => l.program)) {
    test(`${language.title}: ${path.basename(language.program)}`, async () => {
      const dc = await client();
      try {
        const { capabilities } = await start(dc, language.program);
        // (1) the initialize response offers the language's events and kinds, naming the language
        const filters = Object.fromEntries(capabilities.exceptionBreakpointFilters.map((f) => [f.filter, f]));
        for (const event of language.events) {
          assert.ok(filters[event], `initialize offers no filter ${event}`);
          assert.match(filters[event].label, new RegExp(`every language|${language.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        }
        const modes = capabilities.breakpointModes.map((m) => m.mode);
        if (language.kinds.length > 1) for (const kind of language.kinds) assert.ok(modes.includes(kind), kind);

        const at = await record(dc);
        await move(dc, 'reverseContinue');
        assert.equal(await step(dc), 0);
        const source = { path: language.program };
        const lineOf = (s) => at[s] && at[s][0];
        // (2) a line with no column: the steps at which the program comes onto it
        const entries = (line) => at.map((_, s) => s).filter((s) => s > 0 && lineOf(s) === line && lineOf(s - 1) !== line);
        const text = (await dc.customRequest('breakpointLocations', { source, line: 1, endLine: 1 << 20 })).body.breakpoints;
        const line = text.length === 0 ? undefined  // its board is not its text (Stoned-Go, TTG): function breakpoints
          : [...new Set(at.filter(Boolean).map(([l]) => l))].find((l) => entries(l).length > 0);
        if (line !== undefined) {
          const set = (await dc.setBreakpointsRequest({ source, breakpoints: [{ line }] })).body.breakpoints[0];
          assert.equal(set.verified, true, set.message);
          assert.equal(set.line, line);
          const visits = entries(line);
          const first = await move(dc, 'continue');
          assert.equal(first.body.reason, 'breakpoint', first.body.description);
          assert.equal(await step(dc), visits[0]);
          if (visits.length > 1) {
            await move(dc, 'continue');
            assert.equal(await step(dc), visits[1], `the next visit of line ${line}, not the next cell of this one`);
            // step back (one step: a language's step over, Piet's, goes back by its unit), then
            // reverse-continue to the visit before
            await move(dc, 'stepBack', { granularity: 'instruction' });
            assert.equal(await step(dc), visits[1] - 1);
            await move(dc, 'reverseContinue');
            assert.equal(await step(dc), visits[0]);
          }
          await dc.setBreakpointsRequest({ source, breakpoints: [] });
          await move(dc, 'reverseContinue');
        }
        // a column: that cell only
        const target = at.findIndex((p, s) => s > 1 && p && at.slice(1, s).every((q) => !q || q[0] !== p[0] || q[1] !== p[1]));
        if (target > 0 && text.length > 0) {
          const [l, c] = at[target];
          const set = (await dc.setBreakpointsRequest({ source, breakpoints: [{ line: l, column: c }] })).body.breakpoints[0];
          assert.equal(set.verified, true, set.message);
          assert.equal((await move(dc, 'continue')).body.reason, 'breakpoint');
          assert.equal(await step(dc), target);
          const frame = await topFrame(dc);
          assert.deepEqual([frame.line, frame.column], [l, c]);
          await dc.setBreakpointsRequest({ source, breakpoints: [] });
        }
        // (4) every State variable's evaluateName evaluates; a data breakpoint from one is accepted
        const ref = (await scope(dc, 'State')).variablesReference;
        const vars = (await dc.variablesRequest({ variablesReference: ref })).body.variables;
        for (const v of vars.filter((x) => !x.value.startsWith('<unavailable'))) {
          assert.ok(v.evaluateName, `${v.name} has no evaluateName`);
          await dc.evaluateRequest({ expression: v.evaluateName, context: 'watch', frameId: 1 });
        }
        let watched = false;
        for (const v of vars) {
          const info = (await dc.dataBreakpointInfoRequest({ variablesReference: ref, name: v.name })).body;
          if (info.dataId) {
            const set = (await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.dataId }] })).body;
            assert.equal(set.breakpoints[0].verified, true);
            watched = true;
            break;
          }
        }
        assert.ok(watched || language.name === 'scrabble', 'no State variable takes a data breakpoint');
        await dc.setDataBreakpointsRequest({ breakpoints: [] });
        // an event filter from the initialize response: output, where the program writes any
        if (language.events.includes('output')) {
          await dc.setExceptionBreakpointsRequest({ filters: ['output'] });
          const stop = await move(dc, 'continue');
          assert.ok(['breakpoint', 'pause', 'step', 'exception'].includes(stop.body.reason));
        }
        // a filter of another language only: unverified, saying it does not apply
        const other = capabilities.exceptionBreakpointFilters.find((f) => !language.events.includes(f.filter));
        if (other) {
          const answer = (await dc.setExceptionBreakpointsRequest({ filters: [other.filter] })).body;
          assert.equal(answer.breakpoints[0].verified, false);
          assert.match(answer.breakpoints[0].message, /does not apply/);
        }
      } finally {
        await dc.stop();
      }
    });
  }
});

test('Befunge-93 countdown.b93: a gutter click on line 1 stops at each pass, not at each cell', async () => {
  const program = path.join(EXAMPLES, 'befunge', 'countdown.b93');
  const dc = await client();
  try {
    let answer;
    await start(dc, program, async () => {
      answer = (await dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 1 }] })).body;
    });
    // line 1 is `55+>:.1-:v`: the loop comes back onto it at `>` every time round
    assert.deepEqual([answer.breakpoints[0].line, answer.breakpoints[0].column, answer.breakpoints[0].endColumn], [1, 1, 11]);
    const steps = [];
    for (let i = 0; i < 3; i++) {
      const stop = await move(dc, 'continue');
      assert.equal(stop.body.reason, 'breakpoint');
      assert.match(stop.body.description, /^Paused on line 1, at /);
      steps.push(await step(dc));
      assert.deepEqual([(await topFrame(dc)).line, (await topFrame(dc)).column], [1, 4]);  // onto the line at `>`
    }
    assert.ok(steps[1] - steps[0] > 6 && steps[2] - steps[1] === steps[1] - steps[0], String(steps));
  } finally {
    await dc.stop();
  }
});

test('Befunge-98: the cells of a ;…; comment are no breakpoint locations (the IP skips them)', async () => {
  const program = path.join(EXAMPLES, 'befunge', 'hello.b98');
  const dc = await client();
  try {
    await start(dc, program);
    const columns = (await dc.customRequest('breakpointLocations', { source: { path: program }, line: 1 })).body.breakpoints
      .map((b) => b.column);
    // `>;push 0, a newline, then the text backwards;0a"!dlroW ,olleH"v`: the comment is columns 2 to 45
    assert.deepEqual(columns.slice(0, 3), [1, 46, 47]);
    const set = (await dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 1, column: 10 }] })).body;
    assert.equal(set.breakpoints[0].column, 46);  // a column in the comment: the next cell that runs
    assert.equal((await move(dc, 'continue')).body.reason, 'breakpoint');
  } finally {
    await dc.stop();
  }
});

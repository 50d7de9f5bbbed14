// What the adapter tests share: VS Code's own debug adapter client (npm
// @vscode/debugadapter-testsupport) started on `esodbg dap` as VS Code starts an adapter, and a
// few steps every scenario takes.  pytest runs these files (tests/test_dap_vscode.py) with
// ESODBG set to the venv's esodbg.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ESODBG = process.env.ESODBG || path.join(ROOT, '.venv', 'bin', 'esodbg');
export const EXAMPLES = path.join(ROOT, 'examples');
export const CORPUS = path.join(ROOT, 'tests', 'corpus');
export const PROGRAMS = path.join(ROOT, 'tests', 'programs');
export const THREAD = { threadId: 1 };

// ESODBG_SHARD=K/N keeps the K-th of every N items (K from 1), so pytest can run a long suite's
// cases as N processes on N cores (tests/test_dap_vscode.py); unset, every item.
export function shard(items) {
  const [k, n] = (process.env.ESODBG_SHARD || '1/1').split('/').map(Number);
  return items.filter((_, i) => i % n === k - 1);
}

export const example = (language, name) => path.join(EXAMPLES, language, name);
export const corpus = (language, name) => path.join(CORPUS, language, name);
export const readText = (file) => fs.readFileSync(file, 'utf8');
export const trace = (file) => readText(file).trim().split('\n').map((line) => JSON.parse(line));

// A client on a fresh adapter; `dc.output` collects the output events' bodies in order.
export async function client() {
  const dc = new DebugClient(ESODBG, 'dap', 'esodbg');
  dc.defaultTimeout = 20000;
  dc.output = [];
  dc.on('output', (event) => dc.output.push(event.body));
  await dc.start();
  return dc;
}

export const stdout = (dc) => dc.output.filter((o) => o.category === 'stdout').map((o) => o.output).join('');

// initialize, launch, `configure` (set breakpoints…), configurationDone; resolves with the first
// stopped event (at the entry with stopOnEntry).  The waits are made before the requests: the
// client drops events nobody waits for yet.
export async function launch(dc, program, args = {}, configure = async () => {}) {
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([
    dc.waitForEvent('initialized').then(async () => {
      await configure();
      await dc.configurationDoneRequest();
    }),
    dc.launch({ program, ...args }),
  ]);
  return stopped;
}

export async function atEntry(dc, program, args = {}, configure = async () => {}) {
  const stop = await launch(dc, program, { stopOnEntry: true, ...args }, configure);
  assert.equal(stop.body.reason, 'entry');
  return stop;
}

// Send a request that moves the program and resolve with the stopped event it leads to.
export async function move(dc, request, args = {}) {
  const stopped = dc.waitForEvent('stopped');
  await dc[`${request}Request`]({ ...THREAD, ...args });
  return stopped;
}

// The program ends: the exit code of the exited event (terminated follows).
export async function ends(dc, request = 'continue') {
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  await dc[`${request}Request`](THREAD);
  const code = (await exited).body.exitCode;
  await terminated;
  return code;
}

export async function topFrame(dc) {
  return (await dc.stackTraceRequest(THREAD)).body.stackFrames[0];
}

export async function scope(dc, name) {
  const frame = await topFrame(dc);
  const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
  return scopes.find((s) => s.name === name);
}

// The State scope as name -> variable.
export async function state(dc) {
  const ref = (await scope(dc, 'State')).variablesReference;
  const vars = (await dc.variablesRequest({ variablesReference: ref })).body.variables;
  return Object.fromEntries(vars.map((v) => [v.evaluateName ?? v.name, v]));  // "stack (top first)" as stack
}

// The items of an indexed variable, as their shown values.
export async function items(dc, variable) {
  const args = { variablesReference: variable.variablesReference, filter: 'indexed', start: 0,
    count: variable.indexedVariables };
  return (await dc.variablesRequest(args)).body.variables.map((v) => v.value);
}

// A board of the Boards scope as data location -> shown value, every cell.
export async function board(dc, name) {
  const boards = (await dc.variablesRequest({ variablesReference: (await scope(dc, 'Boards')).variablesReference })).body.variables;
  const found = boards.find((b) => b.name === name);
  assert.ok(found, `no board ${name}`);
  const rows = (await dc.variablesRequest({ variablesReference: found.variablesReference })).body.variables;
  const cells = {};
  for (const row of rows) {
    const args = { variablesReference: row.variablesReference, filter: 'indexed', start: 0, count: row.indexedVariables };
    for (const cell of (await dc.variablesRequest(args)).body.variables) cells[cell.name] = cell.value;
  }
  return cells;
}

export async function evaluate(dc, expression, context = 'watch') {
  return (await dc.evaluateRequest({ expression, context, frameId: (await topFrame(dc)).id })).body.result;
}

// Python's repr of a value the corpus holds (the adapter shows values as Python does).
export function repr(value) {
  if (value === null) return 'None';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  return String(value);
}

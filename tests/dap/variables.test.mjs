// The boards and memories as the TUI shows them, through VS Code's own client: board cells as
// characters (the number where there is no character), each cell's evaluateName an expression
// evaluate accepts (VS Code's Add to Watch, Copy as Expression), Hexagony's memory edges
// expandable and watchable, the stacks saying which end is the top, and a hover on a command
// character giving its cell's value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atEntry, client, example, move, scope } from './helpers.mjs';

async function children(dc, variable) {
  return (await dc.variablesRequest({ variablesReference: variable.variablesReference })).body.variables;
}

async function stateVars(dc) {
  return children(dc, await scope(dc, 'State'));
}

test('Befunge-93: the board reads as the program is written; a cell is watched by its evaluateName', async () => {
  const dc = await client();
  try {
    const program = example('befunge', 'countdown.b93');
    await atEntry(dc, program);
    const [board] = await children(dc, await scope(dc, 'Boards'));
    const [first] = await children(dc, board);
    assert.match(first.value, /^5 5 \+ > : \. 1 - : v/);  // `55+>:.1-:v`, not 53 53 43 62 …
    const cells = await children(dc, first);
    assert.equal(cells[0].value, "'5'");
    assert.equal(cells[0].evaluateName, 'space(0,0)');
    const watched = (await dc.evaluateRequest({ expression: cells[5].evaluateName, context: 'watch', frameId: 1 })).body;
    assert.equal(watched.result, '46');  // the `.`, its value
    const info = (await dc.dataBreakpointInfoRequest({ variablesReference: first.variablesReference, name: cells[5].name })).body;
    assert.equal(info.dataId, 'space(5,0)');
    // the stack says which end is its top; its evaluateName is the name expressions read
    const stack = (await stateVars(dc)).find((v) => v.evaluateName === 'stack');
    assert.equal(stack.name, 'stack (top first)');
    // a hover on the `.` at 1:6 (DAP's line and column of an evaluate in hover context)
    const hover = (await dc.evaluateRequest({ expression: '.', context: 'hover', frameId: 1, line: 1, column: 6,
      source: { path: program } })).body;
    assert.equal(hover.result, '46');
    // as the VS Code extension asks it (its EvaluatableExpressionProvider): LINE:COLUMN
    const asked = (await dc.evaluateRequest({ expression: '1:6', context: 'hover', frameId: 1 })).body;
    assert.equal(asked.result, '46');
  } finally {
    await dc.stop();
  }
});

test('><> and Labyrinth: the stacks name their top; Labyrinth walls read as walls', async () => {
  const dc = await client();
  try {
    await atEntry(dc, example('fish', 'counter.fish'));
    assert.ok((await stateVars(dc)).some((v) => v.name === 'stack (bottom first)' && v.evaluateName === 'stack'));
  } finally {
    await dc.stop();
  }
  const lab = await client();
  try {
    await atEntry(lab, example('labyrinth', 'counter.lab'));
    const names = (await stateVars(lab)).map((v) => v.name);
    assert.ok(names.includes('main (top first)') && names.includes('aux (top first)'), names.join(', '));
    const [maze] = await children(lab, await scope(lab, 'Boards'));
    const rows = await children(lab, maze);
    const second = await children(lab, rows[1]);
    assert.equal(second[1].value, "' ' (wall)");
  } finally {
    await lab.stop();
  }
});

test('Hexagony: the memory expands into its edges, each watchable and a data breakpoint', async () => {
  const dc = await client();
  try {
    await atEntry(dc, example('hexagony', 'countdown.hxg'));
    for (let i = 0; i < 6; i++) await move(dc, 'next');
    const mem = (await stateVars(dc)).find((v) => v.evaluateName === 'mem');
    assert.ok(mem.variablesReference > 0, `mem cannot be expanded: ${mem.value}`);
    const edges = await children(dc, mem);
    assert.ok(edges.length > 0);
    const edge = edges[0];
    assert.match(edge.name, /^mem\[-?\d+,-?\d+,(NE|E|SE)\]$/);
    const watched = (await dc.evaluateRequest({ expression: edge.evaluateName, context: 'watch', frameId: 1 })).body;
    assert.equal(watched.result, edge.value);
    const info = (await dc.dataBreakpointInfoRequest({ variablesReference: mem.variablesReference, name: edge.name })).body;
    assert.equal(info.dataId, edge.name);
    const set = (await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.dataId }] })).body;
    assert.equal(set.breakpoints[0].verified, true);
  } finally {
    await dc.stop();
  }
});

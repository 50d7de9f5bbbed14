// Breakpoints of every kind through VS Code's own client: on a board cell by line and column (or a
// line alone), conditions, hit counts, log points, data breakpoints from the Variables view,
// breakpoint specs as function breakpoints, events as exception filters, modes, and breakpoints
// changed while the program runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  atEntry, client, corpus, ends, evaluate, example, move, scope, state, stdout, topFrame,
} from './helpers.mjs';

const NINETY_NINE = example('fifteen', '99.15');  // prints 99 down to 1; cell (2, 0) is `>>`, line 8 column 1

test('a cell breakpoint by line and column is hit (VS Code\'s hitBreakpoint scenario)', async () => {
  const dc = await client();
  try {
    await dc.hitBreakpoint({ program: NINETY_NINE }, { path: NINETY_NINE, line: 8, column: 1 });
    const stop = await state(dc);
    assert.equal(stop.pos.value, '(2, 0)');
  } finally {
    await dc.stop();
  }
});

test('a line alone is the line (from its first cell to its last); a line with no cell is unverified and says why', async () => {
  const dc = await client();
  try {
    let answer;
    await atEntry(dc, NINETY_NINE, {}, async () => {
      answer = (await dc.setBreakpointsRequest({ source: { path: NINETY_NINE },
        breakpoints: [{ line: 7 }, { line: 8, column: 5 }, { line: 2 }] })).body.breakpoints;
    });
    assert.deepEqual(answer.map((b) => [b.verified, b.line, b.column, b.endColumn]),
      [[true, 7, 1, 18], [true, 8, 4, 6], [false, 2, undefined, undefined]]);
    assert.match(answer[2].message, /no cell on line 2 \(they are on lines 6 to 9\)/);
    const cells = (await dc.customRequest('breakpointLocations', { source: { path: NINETY_NINE }, line: 8 })).body.breakpoints;
    assert.deepEqual(cells.map((c) => c.column), [1, 4, 7, 10, 13, 16]);
    const stop = await move(dc, 'continue');
    assert.equal(stop.body.reason, 'breakpoint');
    assert.deepEqual(stop.body.hitBreakpointIds, [answer[0].id]);
    assert.equal((await topFrame(dc)).line, 7);
  } finally {
    await dc.stop();
  }
});

test('a condition, a hit count and a log point on one cell each', async () => {
  const dc = await client();
  try {
    const bps = [{ line: 8, column: 1, condition: 'acc < 95' }];
    await atEntry(dc, NINETY_NINE, {}, () => dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: bps }));
    assert.equal((await move(dc, 'continue')).body.reason, 'breakpoint');
    assert.equal(await evaluate(dc, 'acc'), '94');  // the first arrival where acc < 95
    const step = Number((await state(dc)).step.value);

    // The same condition with a hit condition keeps the hit count: hit 2 is the next arrival
    // where acc < 95; hit 1, going back, the one before (the hit count belongs to the timeline).
    const hit = (n) => [{ line: 8, column: 1, condition: 'acc < 95', hitCondition: n }];
    await dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: hit('2') });
    const second = await move(dc, 'continue');
    assert.equal(second.body.reason, 'breakpoint');
    assert.match(second.body.description, /puzzle\(2,0\) >> \(hit 2\)/);
    assert.equal(await evaluate(dc, 'acc'), '93');
    await dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: hit('1') });
    const first = await move(dc, 'reverseContinue');
    assert.equal(first.body.reason, 'breakpoint');
    assert.match(first.body.description, /puzzle\(2,0\) >> \(hit 1\)/);
    assert.equal(await evaluate(dc, 'acc'), '94');
    assert.equal(Number((await state(dc)).step.value), step);

    // A log point logs at every arrival and never stops: the program runs to its end.
    await dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: [{ line: 8, column: 1, logMessage: 'acc is {acc}' }] });
    dc.output.length = 0;
    assert.equal(await ends(dc), 0);
    const logged = dc.output.filter((o) => o.category === 'console').map((o) => o.output);
    assert.ok(logged.length >= 90, `${logged.length} log lines`);
    assert.match(logged[0], /^step [\d,]+: acc is \d+\n$/);
    assert.equal(dc.output.find((o) => o.category === 'console').line, 8);
  } finally {
    await dc.stop();
  }
});

test('a data breakpoint from the Variables view stops after the step that changes it', async () => {
  const dc = await client();
  try {
    await atEntry(dc, NINETY_NINE);
    const ref = (await scope(dc, 'State')).variablesReference;
    const info = (await dc.dataBreakpointInfoRequest({ variablesReference: ref, name: 'acc' })).body;
    assert.equal(info.dataId, 'acc');
    assert.deepEqual(info.accessTypes, ['write']);
    const none = (await dc.dataBreakpointInfoRequest({ variablesReference: ref, name: 'steps' })).body;
    assert.equal(none.dataId, null);
    const set = (await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.dataId, accessType: 'write' }] })).body;
    assert.equal(set.breakpoints[0].verified, true);
    const stop = await move(dc, 'continue');
    assert.equal(stop.body.reason, 'data breakpoint');
    assert.match(stop.body.description, /acc: 0 → \d+/);
    // A board cell's data location, from the Boards scope: the empty square's cell, which its
    // next move fills.
    const [row, col] = (await state(dc)).pos.value.match(/\d+/g).map(Number);
    const boards = (await dc.variablesRequest({ variablesReference: (await scope(dc, 'Boards')).variablesReference })).body.variables;
    const rows = (await dc.variablesRequest({ variablesReference: boards[0].variablesReference })).body.variables;
    const cells = (await dc.variablesRequest({ variablesReference: rows[row].variablesReference })).body.variables;
    assert.equal(cells[col].value, '0');
    const cell = (await dc.dataBreakpointInfoRequest({ variablesReference: rows[row].variablesReference, name: cells[col].name })).body;
    assert.equal(cell.dataId, `puzzle(${row},${col})`);
    await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: cell.dataId }] });
    const moved = await move(dc, 'continue');
    assert.equal(moved.body.reason, 'data breakpoint');
    assert.match(moved.body.description, new RegExp(`puzzle\\(${row},${col}\\): 0 → \\d+`));
    assert.equal((await state(dc)).step.value, '2');
  } finally {
    await dc.stop();
  }
});

test('a function breakpoint is a breakpoint spec; events are exception filters', async () => {
  const dc = await client();
  try {
    await atEntry(dc, NINETY_NINE);
    const set = (await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'cell:2,0 hit >= 2' }, { name: 'cell:9,9' }] })).body;
    assert.deepEqual(set.breakpoints.map((b) => b.verified), [true, false]);  // 99.15 is 4×6: (9, 9) could never stop
    assert.match(set.breakpoints[1].message, /\(9, 9\) is not on the board puzzle, which is 6 cells wide and 4 high/);
    assert.deepEqual([set.breakpoints[0].line, set.breakpoints[0].column], [8, 1]);
    const bad = (await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'cell:2,0 hit >= 2' }, { name: 'nonsense' }] })).body;
    assert.equal(bad.breakpoints[1].verified, false);
    assert.match(bad.breakpoints[1].message, /a breakpoint is cell:ROW,COL/);
    const stop = await move(dc, 'continue');
    assert.equal(stop.body.reason, 'function breakpoint');
    assert.match(stop.body.description, /\(hit 2\)/);
    await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    await dc.setExceptionBreakpointsRequest({ filters: [], filterOptions: [{ filterId: 'output', condition: 'output_length > 6' }] });
    dc.output.length = 0;
    const printed = await move(dc, 'continue');
    assert.equal(printed.body.reason, 'breakpoint');
    assert.match(printed.body.description, /event output/);
    assert.ok(stdout(dc).length > 0);  // the output came before the stop
    assert.ok(Number((await state(dc)).output_length.value) > 6);
  } finally {
    await dc.stop();
  }
});

test('MessiScript: a breakpoint on a command of a line; the Debug Console evaluates watches', async () => {
  const dc = await client();
  try {
    const program = example('messiscript', 'hola_mundo.messi');
    let answer;
    await atEntry(dc, program, {}, async () => {
      answer = (await dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 5, column: 14 }] })).body;
    });
    assert.deepEqual([answer.breakpoints[0].line, answer.breakpoints[0].column], [5, 14]);  // "La mueve Messi por la izquierda."
    assert.equal((await move(dc, 'continue')).body.reason, 'breakpoint');
    assert.deepEqual([(await topFrame(dc)).line, (await topFrame(dc)).column], [5, 14]);
    assert.equal(await evaluate(dc, 'tape[pos] == cell', 'repl'), 'True');
    await assert.rejects(dc.evaluateRequest({ expression: 'nope + 1', context: 'repl' }), /unknown name 'nope'/);
  } finally {
    await dc.stop();
  }
});

test('Scrabble: a breakpoint on a tile as written stops at its square, by mode: placed, or a word over it runs', async () => {
  const dc = await client();
  try {
    const program = corpus('scrabble', 'hello_world.scrabble');
    const source = { path: program };
    await atEntry(dc, program, {}, () => dc.setBreakpointsRequest({ source, breakpoints: [{ line: 5, column: 2, mode: 'place' }] }));
    const placed = await move(dc, 'continue');  // DD 0,1 down: its second D goes on x 0, y 2: the square A3
    assert.equal(placed.body.reason, 'breakpoint');
    assert.match(placed.body.description, /board\(A3\) D \(hit 1\)/);
    assert.equal((await state(dc)).word.value, 'None');  // the play is put down next, not a word
    await dc.setBreakpointsRequest({ source, breakpoints: [{ line: 5, column: 2, mode: 'word' }] });
    const word = await move(dc, 'continue');
    assert.equal(word.body.reason, 'breakpoint');
    assert.equal((await state(dc)).word.value, "'ADD'");
    const modes = await dc.setBreakpointsRequest({ source, breakpoints: [{ line: 5, column: 2, mode: 'nope' }] });
    assert.match(modes.body.breakpoints[0].message, /no breakpoint mode 'nope'/);
  } finally {
    await dc.stop();
  }
});

test('Tic Tac Toe Grow and Stoned-Go: the board is not the text, so cells take function breakpoints', async () => {
  for (const [program, spec, check] of [
    [example('ttg', 'sigma.ttg'), 'cell:main:0,1/write', async (dc) => assert.equal((await state(dc)).step.value, '2')],  // as exec --break says
    [example('stoned-go', 'single_capture.sgo'), 'cell:board:1,1/capture', async (dc) => assert.equal((await state(dc)).captures.value, '1')],
  ]) {
    const dc = await client();
    try {
      let answer;
      await atEntry(dc, program, {}, async () => {
        answer = (await dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 1 }] })).body.breakpoints[0];
        await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: spec }] });
      });
      assert.equal(answer.verified, false);
      assert.match(answer.message, /go on board cells the program reaches as it runs.*function breakpoint such as cell:/);
      assert.equal((await move(dc, 'continue')).body.reason, 'function breakpoint');
      await check(dc);
    } finally {
      await dc.stop();
    }
  }
});

test('a breakpoint set while the program runs stops the run', async () => {
  const dc = await client();
  try {
    const truth = example('fifteen', 'truth.15');  // with input 1 it prints 1 forever
    await Promise.all([dc.configurationSequence(), dc.launch({ program: truth, stdin: '1\n' })]);
    await new Promise((resolve) => setTimeout(resolve, 300));  // running: printing 1s
    const stopped = dc.waitForEvent('stopped');
    const set = await dc.setBreakpointsRequest({ source: { path: truth }, breakpoints: [{ line: 5, column: 1 }] });
    assert.equal(set.body.breakpoints[0].verified, true);
    assert.equal((await stopped).body.reason, 'breakpoint');
    assert.ok(Number((await state(dc)).step.value) > 100);
  } finally {
    await dc.stop();
  }
});

// Every language, the same scenario: a cell (or command) breakpoint with a hit count, then a
// condition, a log point and a data breakpoint, through to a goto.
const EVERY = [
  // title, program, the breakpoint (a place of the text, or a spec), a condition, a data location
  ['15', example('fifteen', '99.15'), { line: 8, column: 1 }, 'acc < 95', 'acc'],
  ['MessiScript', example('messiscript', 'hola_mundo.messi'), { line: 5, column: 14 }, 'step > 5', 'tape[1]'],
  ['Tic Tac Toe Grow', example('ttg', 'wow.txt'), 'cell:main:0,0', 'step > 2', 'k'],
  ['Stoned-Go', example('stoned-go', 'chain_reaction.sgo'), 'cell:board:4,0/arrive', 'depth > 0', 'x'],  // the point (4, 0)
  ['Scrabble', example('scrabble', 'hello_world.scrabble'), { line: 3, column: 2 }, 'pointer >= 0', 'pointer'],
];

for (const [title, program, where, condition, data] of EVERY) {
  test(`${title}: a hit count, a condition, a log point, a data breakpoint, goto`, async () => {
    const dc = await client();
    // A function breakpoint has no logMessage in DAP: the spec says it (`cell:… log …`).
    const set = ({ logMessage, ...filters }) => (typeof where === 'string'
      ? dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: where + (logMessage ? ` log ${logMessage}` : ''), ...filters }] })
      : dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ ...where, logMessage, ...filters }] }));
    try {
      await atEntry(dc, program, { stopAtEnd: true }, () => set({ hitCondition: '2' }));
      const second = await move(dc, 'continue');
      assert.match(second.body.reason, /^(function )?breakpoint$/);
      assert.match(second.body.description, /\(hit 2\)/);

      const goto = async (step) => {
        const stopped = dc.waitForEvent('stopped');
        await dc.evaluateRequest({ expression: `goto ${step}`, context: 'repl' });
        assert.equal((await stopped).body.reason, 'goto');
        assert.equal((await state(dc)).step.value, String(step));
      };
      await set({ condition });
      await goto(0);
      assert.match((await move(dc, 'continue')).body.reason, /breakpoint$/);
      assert.equal(await evaluate(dc, condition), 'True');

      await set({ logMessage: 'at step {step}' });
      dc.output.length = 0;
      assert.match((await move(dc, 'continue')).body.description, /^Halted/);  // a log point never stops
      assert.ok(dc.output.filter((o) => o.category === 'console' && /^step [\d,]+: at step \d+\n$/.test(o.output)).length >= 1);

      await goto(0);
      await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: data }] });
      const changed = await move(dc, 'continue');
      assert.equal(changed.body.reason, 'data breakpoint');
      assert.match(changed.body.description, new RegExp(`${data.replace(/[[\]]/g, '\\$&')}: .+ → .+`));

      await goto(3);
    } finally {
      await dc.stop();
    }
  });
}

// Every language through VS Code's own client: stop on entry, `next` step by step with the
// variables compared with the corpus (traces where the corpus has them, final states where it
// has those), stepBack, reverseContinue back to the entry, and the program's output as output
// events, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  THREAD, atEntry, board, client, corpus, ends, evaluate, example, items, launch, move, readText, repr, state,
  stdout, topFrame, trace,
} from './helpers.mjs';

// ----- 15: the corpus traces, step by step ------------------------------------------------------
async function fifteenStep(dc, expected) {
  const vars = await state(dc);
  assert.equal(vars.acc.value, String(expected.acc), `acc at step ${expected.step}`);
  assert.deepEqual(await items(dc, vars.mem), expected.memory.map(String), `mem at step ${expected.step}`);
  assert.equal(vars.pos.value, `(${expected.to[0]}, ${expected.to[1]})`);
  const cells = await board(dc, 'puzzle');
  expected.puzzle.forEach((row, r) => row.forEach((label, c) => assert.equal(cells[`puzzle(${r},${c})`], String(label))));
}

for (const [name, input, steps] of [['hello', null, 24], ['99', null, 120], ['truth', 'in_0', 3]]) {
  test(`15 ${name}.15: next ×${steps} matches the corpus trace, then back and forth`, async () => {
    const dc = await client();
    try {
      const expected = trace(corpus('fifteen', `${name}${input ? '.' + input : ''}.trace.jsonl`));
      const stdin = input ? readText(corpus('fifteen', `${name}.${input}.stdin`)) : undefined;
      await atEntry(dc, example('fifteen', `${name}.15`), { stopAtEnd: true, ...(stdin === undefined ? {} : { stdin }) });
      assert.equal((await state(dc)).step.value, '0');
      for (const line of expected.slice(0, steps)) {
        assert.equal((await move(dc, 'next')).body.reason, 'step');  // the last one halts: stopAtEnd stops there
        await fifteenStep(dc, line);
      }
      if (steps >= 4) {
        for (let i = 0; i < 3; i++) assert.equal((await move(dc, 'stepBack')).body.reason, 'step');
        await fifteenStep(dc, expected[steps - 4]);
        assert.equal((await topFrame(dc)).name, `15 · step ${steps - 3}`);
      }
      assert.equal((await move(dc, 'reverseContinue')).body.reason, 'entry');
      assert.equal((await state(dc)).step.value, '0');
      dc.output.length = 0;
      const out = corpus('fifteen', `${name}${input ? '.' + input : ''}.out`);
      assert.match((await move(dc, 'continue')).body.description, /^Halted: the puzzle is solved/);
      assert.equal(await ends(dc), 0);  // continue from the end ends the session
      assert.equal(stdout(dc), readText(out));
    } finally {
      await dc.stop();
    }
  });
}

// ----- MessiScript: the corpus traces -----------------------------------------------------------
// The command the top frame is at, as lower-case words (the frame's columns are UTF-16 units, as
// JavaScript's strings count).
async function frameText(dc, lines) {
  const frame = await topFrame(dc);
  const text = lines[frame.line - 1].slice(frame.column - 1, frame.endLine === frame.line ? frame.endColumn - 1 : undefined);
  return text.toLowerCase().replace(/[^a-záéíóúñü ]/g, '').trim();
}

for (const [name, input, steps] of [['hola_mundo', null, 137], ['10_a_0', null, 70], ['fibonacci', 'in_10', 150]]) {
  test(`MessiScript ${name}.messi: next ×${steps} matches the corpus trace`, async () => {
    const dc = await client();
    try {
      const expected = trace(corpus('messiscript', `${name}${input ? '.' + input : ''}.trace.jsonl`));
      const stdin = input ? readText(corpus('messiscript', `${name}.${input}.stdin`)) : '';
      await atEntry(dc, example('messiscript', `${name}.messi`), { stdin, stopAtEnd: true });
      const source = readText(example('messiscript', `${name}.messi`)).split('\n');
      for (const line of expected.slice(0, steps)) {
        // The original records no loop test that enters its body (tests/test_messiscript_conformance.py).
        while (line.cmd !== '<loop end>' && (await frameText(dc, source)).startsWith('sigue messi')) await move(dc, 'next');
        await move(dc, 'next');
        const vars = await state(dc);
        assert.equal(vars.pos.value, String(line.pos), `pos after command ${line.n}`);
        assert.equal(vars.clip.value, String(line.clip), `clip after command ${line.n}`);
        assert.deepEqual(await items(dc, vars.tape), line.array.map(String), `tape after command ${line.n}`);
      }
      const before = (await state(dc)).step.value;
      await move(dc, 'stepBack');
      assert.equal((await state(dc)).step.value, String(before - 1));
      assert.equal((await move(dc, 'reverseContinue')).body.reason, 'entry');
      dc.output.length = 0;
      const out = input ? `${name}.${input}.out` : `${name}.out`;
      assert.match((await move(dc, 'continue')).body.description, /^Halted/);
      assert.equal(await ends(dc), 0);
      assert.equal(stdout(dc), readText(corpus('messiscript', out)));
    } finally {
      await dc.stop();
    }
  });
}

// ----- Tic Tac Toe Grow: keystroke by keystroke to the corpus's final state --------------------
for (const name of ['sigma', 'o_numbers', 'arith_zero', 'save_call', 'undo', 'dir_left']) {
  test(`Tic Tac Toe Grow ${name}.ttg: stepOut (a keystroke) to the end matches the expected state`, async () => {
    const dc = await client();
    try {
      const expected = JSON.parse(readText(corpus('ttg', `${name}.expected.json`)));
      await atEntry(dc, example('ttg', `${name}.ttg`), { stopAtEnd: true });
      let stop;
      for (let k = 0; k < 100; k++) {  // the corpus programs are a few keystrokes long
        stop = await move(dc, 'stepOut');
        if (stop.body.description?.startsWith('Halted')) break;
      }
      assert.match(stop.body.description, /^Halted/);
      const vars = await state(dc);
      assert.equal(vars.D.value, repr(expected.direction));
      assert.equal(vars.k.value, String(expected.next_order_index));
      assert.equal(vars.output.value, repr(expected.output));
      assert.equal(stdout(dc), readText(corpus('ttg', `${name}.out`)));
      // The mainBoard's cells, where the corpus draws them (no program here turns it).
      const cells = await board(dc, 'main');
      const grid = expected.boards.main.grid;
      const [row0, col0] = [Math.min(...Object.keys(cells).map((c) => +c.match(/\((-?\d+),/)[1])),
        Math.min(...Object.keys(cells).map((c) => +c.match(/,(-?\d+)\)/)[1]))];
      grid.forEach((row, r) => row.forEach((value, c) => {
        if (value !== null && value !== '') assert.equal(cells[`main(${row0 + r},${col0 + c})`], repr(value));
      }));
      // Micro-steps: next is a phase, stepIn one micro-step; back again to the start.
      assert.equal((await move(dc, 'reverseContinue')).body.reason, 'entry');
      await move(dc, 'stepIn');
      assert.equal((await state(dc)).step.value, '1');
    } finally {
      await dc.stop();
    }
  });
}

// ----- Stoned-Go: to the end, and its call stack inside triggers --------------------------------
for (const name of ['single_capture', 'inner_loop', 'macro_arg', 'moves_flips', 'place_both', 'loop_until_halt']) {
  test(`Stoned-Go ${name}.sgo: continue to the end matches the expected state`, async () => {
    const dc = await client();
    try {
      const expected = JSON.parse(readText(corpus('stoned-go', `${name}.expected.json`)));
      const limited = expected.outcome === 'step_limit';
      const stop = await launch(dc, corpus('stoned-go', `${name}.sgo`),
        { stopAtEnd: true, ...(limited ? { maxSteps: expected.step_limit } : {}) });
      assert.match(stop.body.description, limited ? /step budget of 40/ : /^Halted/);
      const vars = await state(dc);
      assert.equal(vars.step.value, String(expected.steps));
      assert.equal(`${vars.x.value},${vars.y.value}`, expected.cursor.join(','));
      assert.equal(vars.flag.value, repr(expected.direction));
      assert.equal(vars.stones.value, String(expected.stones.length));
      const cells = await board(dc, 'board');
      for (const stone of expected.stones) assert.equal(cells[`board(${stone.pos[0]},${stone.pos[1]})`], repr(stone.colour));
    } finally {
      await dc.stop();
    }
  });
}

test('Stoned-Go chain_reaction.sgo: the call stack holds one frame per trigger; next steps over, stepOut leaves', async () => {
  const dc = await client();
  try {
    await atEntry(dc, example('stoned-go', 'chain_reaction.sgo'));
    for (let i = 0; i < 153; i++) await move(dc, 'stepIn');
    const frames = (await dc.stackTraceRequest(THREAD)).body.stackFrames;
    assert.ok(frames.length >= 3, `frames: ${frames.map((f) => f.name)}`);
    assert.match(frames[0].name, /^trigger ○ \(\d+, 0\): \+3 · step 153$/);
    assert.deepEqual([frames[0].line, frames[0].column], [15, 6]);
    assert.match(frames.at(-1).name, /^top level/);
    // Step over the +3: one step, no trigger under it; step out: the chain ends with the triggers.
    await move(dc, 'next');
    assert.equal((await state(dc)).step.value, '154');
    await move(dc, 'stepOut');
    assert.equal((await state(dc)).depth.value, '0');
    assert.equal((await dc.stackTraceRequest(THREAD)).body.stackFrames.length, 1);
    const end = Number((await state(dc)).step.value);
    await move(dc, 'stepBack');  // the reverse of next: back over the whole chain of triggers, to the top level
    const vars = await state(dc);
    assert.ok(Number(vars.step.value) < 153 && vars.depth.value === '0', `step ${vars.step.value} of ${end}`);
  } finally {
    await dc.stop();
  }
});

// ----- Scrabble: word by word, play by play, to the expected stack ------------------------------
test('Scrabble hello_world.scrabble: continue to the end matches the expected stack and output', async () => {
  const dc = await client();
  try {
    const expected = JSON.parse(readText(corpus('scrabble', 'hello_world.expected.json')));
    await atEntry(dc, corpus('scrabble', 'hello_world.scrabble'), { stopAtEnd: true });
    await move(dc, 'stepOut');  // a whole play: put down, then its words
    assert.equal((await topFrame(dc)).line, 4);
    await move(dc, 'next');  // one word
    const stop = await move(dc, 'continue');
    assert.match(stop.body.description, /^Halted/);
    const vars = await state(dc);
    assert.deepEqual(await items(dc, vars.stack), expected.final_stack.map(String));
    assert.equal(vars.pointer.value, String(expected.final_pointer));
    assert.equal(stdout(dc), expected.output);
    assert.equal(await evaluate(dc, 'len(stack)'), String(expected.final_stack.length));
    assert.equal((await move(dc, 'reverseContinue')).body.reason, 'entry');
  } finally {
    await dc.stop();
  }
});

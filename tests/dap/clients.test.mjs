// Every bundled example launched through VS Code's own client with the exact configuration VS
// Code or nvim-dap sends (docs/editors.md), the two in turn within each language, so every
// language with two examples is launched both ways: each stops on entry, and run to its end it
// writes what `esodbg exec` writes (without the summary exec adds) and exits as it exits (the
// configuration's name is no language option: it must not change what a Tic Tac Toe Grow program
// means).  Then a language's own options, in "options", do reach the language.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ESODBG, EXAMPLES, client, ends, example, launch, move, shard, stdout } from './helpers.mjs';

// What VS Code 1.9x sends for a launch.json configuration (the configuration, with `${file}`
// resolved, and its own two keys) and what nvim-dap 0.6 sends (the configuration table as given).
const CLIENTS = {
  'VS Code': (program) => ({
    type: 'esodbg', request: 'launch', name: 'Debug the open program', program, stopOnEntry: true,
    __configurationTarget: 6, __sessionId: '2b1c6e4f-8a0d-4c1e-9f3a-5d7b2e9c0a11',
  }),
  'nvim-dap': (program) => ({ type: 'esodbg', request: 'launch', name: 'esodbg: this program', program, stopOnEntry: true }),
};
const BUDGET = 200000;  // steps: an example that runs longer (one never halts) is only started

const WHO = Object.keys(CLIENTS);
const examples = shard(fs.readdirSync(EXAMPLES).sort().flatMap((language) => fs.readdirSync(path.join(EXAMPLES, language))
  .filter((name) => !name.startsWith('err_') && !name.endsWith('.md') && !name.endsWith('.py'))  // piet/paint.py paints them
  .sort().map((name, i) => [example(language, name), WHO[i % WHO.length]])));

function exec(program) {
  const run = spawnSync(ESODBG, ['exec', '--max-steps', String(BUDGET), program],
    { input: '', encoding: 'utf8', maxBuffer: 1 << 28 });  // a never-ending Fibonacci writes megabytes
  return { code: run.status, out: run.stdout };
}

describe('every example, launched as the clients launch it', { concurrency: 2 }, () => {
  for (const [program, who] of examples) {
    test(`${who}: ${path.relative(EXAMPLES, program)}`, async () => {
      const expected = exec(program);
      const dc = await client();
      try {
        const stop = await launch(dc, program, CLIENTS[who](program));
        assert.equal(stop.body.reason, 'entry');
        if (expected.code === 3) {  // it outruns the budget: a step is enough
          assert.equal((await move(dc, 'next')).body.reason, 'step');
          return;
        }
        if (expected.code === 1) {  // a runtime error (no input, say) stops first, as an exception
          assert.equal((await move(dc, 'continue')).body.reason, 'exception');
        }
        assert.equal(await ends(dc), expected.code);
        // exec writes the program's output, then (Stoned-Go, Scrabble) the language's summary of the end.
        assert.ok(expected.out.startsWith(stdout(dc)), `${stdout(dc)} is not the start of ${expected.out}`);
        if (!/stoned-go|scrabble/.test(program)) assert.equal(stdout(dc), expected.out);
      } finally {
        await dc.stop();
      }
    });
  }
});

// One shard (the first) also runs this.
if (shard([true]).length) test('a language\'s own options come in "options" (VS Code\'s launch.json)', async () => {
  const dc = await client();
  try {
    const program = example('stoned-go', 'chain_reaction.sgo');
    const stop = await launch(dc, program, { ...CLIENTS['VS Code'](program), stopOnEntry: false, stopAtEnd: true,
      options: { 'max-depth': 1 } });
    assert.equal(stop.body.reason, 'exception');  // its triggers nest deeper than 1
    assert.match(stop.body.text, /trigger nesting depth limit exceeded \(max_depth 1\)/);
  } finally {
    await dc.stop();
  }
});

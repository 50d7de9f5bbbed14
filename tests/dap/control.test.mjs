// Moving through time and the session's life through VS Code's own client: goto (a cell, a step
// number), pause of a run that never ends, output events as rr gives them, a program that does
// not parse, a runtime error, restart, terminate, run without debugging.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  THREAD, atEntry, client, ends, evaluate, example, launch, move, PROGRAMS, state, stdout, topFrame,
} from './helpers.mjs';
import path from 'node:path';

const NINETY_NINE = example('fifteen', '99.15');

test('goto: forwards and backwards to a cell (gotoTargets), and to a step number from the Debug Console', async () => {
  const dc = await client();
  try {
    await atEntry(dc, NINETY_NINE);
    const targets = (await dc.gotoTargetsRequest({ source: { path: NINETY_NINE }, line: 8, column: 1 })).body.targets;
    assert.deepEqual(targets.map((t) => [t.line, t.column]), [[8, 1], [8, 1]]);
    assert.match(targets[0].label, /^forwards to the next arrival at puzzle \(2, 0\) >>/);
    const forwards = await move(dc, 'goto', { targetId: targets[0].id });
    assert.equal(forwards.body.reason, 'goto');
    assert.equal((await topFrame(dc)).line, 8);
    const first = Number((await state(dc)).step.value);
    await move(dc, 'next');
    await move(dc, 'goto', { targetId: targets[0].id });
    const second = Number((await state(dc)).step.value);
    assert.ok(second > first + 1);
    const targetsThere = (await dc.gotoTargetsRequest({ source: { path: NINETY_NINE }, line: 8, column: 1 })).body.targets;
    await move(dc, 'goto', { targetId: targetsThere[1].id });  // backwards: the arrival before
    assert.equal((await state(dc)).step.value, String(first));
    // The Debug Console: goto N.
    const arrived = dc.waitForEvent('stopped');  // made before the request: the client drops events nobody awaits
    assert.equal((await dc.evaluateRequest({ expression: 'goto 250', context: 'repl' })).body.result, 'going to step 250');
    assert.equal((await arrived).body.reason, 'goto');
    assert.equal((await state(dc)).step.value, '250');
    const back = dc.waitForEvent('stopped');
    dc.evaluateRequest({ expression: 'goto -50', context: 'repl' });
    await back;
    assert.equal((await state(dc)).step.value, '200');
  } finally {
    await dc.stop();
  }
});

test('pause stops a run that never ends', async () => {
  const dc = await client();
  try {
    await Promise.all([dc.configurationSequence(), dc.launch({ program: example('fifteen', 'truth.15'), stdin: '1\n' })]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = dc.waitForEvent('stopped');
    await dc.pauseRequest(THREAD);
    const stop = await stopped;
    assert.equal(stop.body.reason, 'pause');
    const steps = Number((await state(dc)).step.value);
    assert.ok(steps > 1000, `${steps} steps`);
    assert.match(stdout(dc), /^(1\n)+$/);  // output events came while it ran
  } finally {
    await dc.stop();
  }
});

test('output events: a step that writes reports its output; stepped back over and run again, it reports it again', async () => {
  const dc = await client();
  try {
    await atEntry(dc, NINETY_NINE);
    let steps = 0;
    while (stdout(dc) === '' && steps++ < 100) await move(dc, 'next');
    assert.equal(stdout(dc), '99\n');
    await move(dc, 'stepBack');
    await move(dc, 'next');
    assert.equal(stdout(dc), '99\n99\n');
    assert.equal((await state(dc)).output_length.value, '3');
  } finally {
    await dc.stop();
  }
});

test('a program that does not parse fails launch with file:line:col, and the adapter goes on', async () => {
  const dc = await client();
  try {
    const bad = path.join(PROGRAMS, 'bad_label.15');
    await dc.initializeRequest();
    await assert.rejects(dc.launchRequest({ program: bad }), new RegExp(`^Error: ${bad.replace(/[.]/g, '\\.')}:1:\\d+: `));
    await assert.rejects(dc.launchRequest({ program: path.join(PROGRAMS, 'nowhere.15') }), /cannot read program/);
    await assert.rejects(dc.launchRequest({}), /launch needs 'program'/);
    await assert.rejects(dc.launchRequest({ program: NINETY_NINE, options: { rules: 'strict' } }),
      /'options': 'rules' is not an option of 15/);
    await assert.rejects(dc.stackTraceRequest(THREAD), /no program: send launch first/);
    await atEntry(dc, NINETY_NINE);  // the same adapter, a good program
  } finally {
    await dc.stop();
  }
});

test('a runtime error stops with reason exception; exceptionInfo; step back from it; running on ends with exit code 1', async () => {
  const dc = await client();
  try {
    const stop = await launch(dc, path.join(PROGRAMS, 'div_zero.15'));
    assert.equal(stop.body.reason, 'exception');
    assert.match(stop.body.text, /division by zero/);
    const info = (await dc.exceptionInfoRequest(THREAD)).body;
    assert.equal(info.breakMode, 'always');
    assert.match(info.description, /division by zero/);
    const frame = await topFrame(dc);
    assert.deepEqual([frame.line, frame.column], [3, 4]);  // `</`: acc / 0
    assert.equal((await move(dc, 'stepBack')).body.reason, 'step');
    await assert.rejects(dc.exceptionInfoRequest(THREAD), /not stopped at a runtime error/);
    assert.equal((await move(dc, 'next')).body.reason, 'exception');
    assert.equal(await ends(dc), 1);
  } finally {
    await dc.stop();
  }
});

test('restart begins again at step 0 with the breakpoints; terminate ends the session', async () => {
  const dc = await client();
  try {
    await atEntry(dc, NINETY_NINE, {}, () => dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: [{ line: 8 }] }));
    await move(dc, 'continue');
    const hit = (await state(dc)).step.value;
    const entry = dc.waitForEvent('stopped');
    await dc.restartRequest({});
    assert.equal((await entry).body.reason, 'entry');
    assert.equal((await state(dc)).step.value, '0');
    await move(dc, 'continue');
    assert.equal((await state(dc)).step.value, hit);
    const terminated = dc.waitForEvent('terminated');
    await dc.terminateRequest();
    await terminated;
    await assert.rejects(dc.nextRequest(THREAD), /the program has ended/);
  } finally {
    await dc.stop();
  }
});

test('noDebug runs to the end without stopping, with the exit code exec gives (3: maxSteps ran out)', async () => {
  for (const [args, code, out] of [[{}, 0, /^99\n98\n/], [{ maxSteps: 40 }, 3, /^99\n98\n97\n96\n95\n$/]]) {
    const dc = await client();
    try {
      const exited = dc.waitForEvent('exited');
      const terminated = dc.waitForEvent('terminated');
      await Promise.all([
        dc.waitForEvent('initialized').then(async () => {
          await dc.setBreakpointsRequest({ source: { path: NINETY_NINE }, breakpoints: [{ line: 8 }] });
          await dc.configurationDoneRequest();
        }),
        dc.launch({ program: NINETY_NINE, noDebug: true, ...args }),
      ]);
      assert.equal((await exited).body.exitCode, code);
      await terminated;
      assert.match(stdout(dc), out);
    } finally {
      await dc.stop();
    }
  }
});

test('one thread; stepIn with instruction granularity is one step in every language', async () => {
  const dc = await client();
  try {
    await atEntry(dc, example('ttg', 'wow.txt'));
    assert.deepEqual((await dc.threadsRequest()).body.threads, [{ id: 1, name: 'wow.txt (Tic Tac Toe Grow)' }]);
    await move(dc, 'next', { granularity: 'instruction' });
    assert.equal((await state(dc)).step.value, '1');
    await move(dc, 'next');  // a phase
    assert.ok(Number((await state(dc)).step.value) >= 2);
    assert.equal(await evaluate(dc, 'D'), "'R'");
  } finally {
    await dc.stop();
  }
});

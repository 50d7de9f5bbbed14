// The VS Code extension (editors/vscode/extension.js) activated against a stand-in for VS Code's
// API: it must start `esodbg lsp` for every language and make `esodbg dap` the adapter of the
// esodbg debug type, with the command the settings name; then its launch path as VS Code runs
// it, with no VS Code: a launch.json configuration (and F5 with none) through the extension's
// DebugConfigurationProvider, checked against the `debuggers` entry's configurationAttributes,
// `${file}` substituted, the adapter started from the extension's DebugAdapterDescriptorFactory
// and driven by VS Code's own DebugClient with the launch arguments VS Code adds.  What this
// cannot cover: VS Code itself (its variable substitution, its JSON-schema check of launch.json,
// its UI); VS Code's own client drives the adapter further in tests/dap/, and the package is built
// by tests/test_editors.py.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ROOT = path.resolve(__dirname, '..', '..');
const EXTENSION = path.join(ROOT, 'editors', 'vscode');
const seen = { factories: {}, providers: {}, clients: [], claimed: [], evaluatable: {}, commands: {}, console: [],
  messages: [], executed: [] };
const settings = { command: '/opt/esodbg/bin/esodbg' };
let openFile = '/home/me/hello.15';

class DebugAdapterExecutable { constructor(command, args) { Object.assign(this, { command, args }); } }
const vscode = {
  DebugAdapterExecutable,
  workspace: {
    getConfiguration: (section) => ({ get: (key) => (section === 'esodbg' ? settings[key] : undefined) }),
    // Open at activation: a ><> program and a fish shell script, both .fish (VS Code labels them by a
    // fish shell extension's "fish", or as plain text).
    textDocuments: [
      { uri: { scheme: 'file' }, fileName: '/home/me/hello.fish', languageId: 'fish', getText: () => '0a"!dlrow ,olleH":?!;oa6+0.\n' },
      { uri: { scheme: 'file' }, fileName: '/home/me/config.fish', languageId: 'fish',
        getText: () => 'function fish_greeting\n    echo hi\nend\nset -gx EDITOR nvim\n' },
    ],
    onDidOpenTextDocument: (listener) => { seen.opened = listener; return { dispose() {} }; },
  },
  Range: class { constructor(start, end) { Object.assign(this, { start, end }); } },
  EvaluatableExpression: class { constructor(range, expression) { Object.assign(this, { range, expression }); } },
  languages: {
    registerEvaluatableExpressionProvider: (language, provider) => { seen.evaluatable[language] = provider; return { dispose() {} }; },
    setTextDocumentLanguage: (document, id) => { seen.claimed.push([document.fileName, id]); return Promise.resolve(); } },
  window: {
    get activeTextEditor() { return { document: { fileName: openFile } }; },
    showWarningMessage: (message) => { seen.messages.push(['warning', message]); return Promise.resolve(); },
    showErrorMessage: (message) => { seen.messages.push(['error', message]); return Promise.resolve(); },
  },
  commands: {
    registerCommand: (id, run) => { seen.commands[id] = run; return { dispose() {} }; },
    executeCommand: (id) => { seen.executed.push(id); return Promise.resolve(); },
  },
  debug: {
    activeDebugSession: undefined,  // a test sets it: { type, customRequest } over a DebugClient
    activeDebugConsole: { appendLine: (line) => seen.console.push(line) },
    registerDebugAdapterDescriptorFactory: (type, factory) => { seen.factories[type] = factory; return { dispose() {} }; },
    registerDebugConfigurationProvider: (type, provider) => { seen.providers[type] = provider; return { dispose() {} }; },
  },
};
class LanguageClient {
  constructor(id, name, server, client) { Object.assign(this, { id, name, server, client }); seen.clients.push(this); }
  start() { this.started = true; return Promise.resolve(); }
  stop() { this.stopped = true; return Promise.resolve(); }
}

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  if (request === 'vscode-languageclient/node') return { LanguageClient };
  return load.call(this, request, parent, isMain);
};

test('activating starts esodbg lsp for every language and makes esodbg dap the adapter', async () => {
  const extension = require(path.join(EXTENSION, 'extension.js'));
  const manifest = require(path.join(EXTENSION, 'package.json'));
  const context = { subscriptions: [] };
  extension.activate(context);

  const [client] = seen.clients;
  assert.ok(client.started);
  assert.deepEqual(client.server, { command: '/opt/esodbg/bin/esodbg', args: ['lsp'] });
  assert.deepEqual(client.client.documentSelector.map((s) => s.language), manifest.contributes.languages.map((l) => l.id));

  const adapter = seen.factories.esodbg.createDebugAdapterDescriptor({});
  assert.deepEqual([adapter.command, adapter.args], ['/opt/esodbg/bin/esodbg', ['dap']]);
  const f5 = seen.providers.esodbg.resolveDebugConfiguration(undefined, {});
  assert.deepEqual(f5, { type: 'esodbg', request: 'launch', name: 'Debug the open program', program: '/home/me/hello.15', stopOnEntry: true });
  assert.equal(context.subscriptions.length, 4 + manifest.contributes.languages.length);
  // the Variables view's "Show Value History", on the variables the adapter marks as data locations
  const [menu] = manifest.contributes.menus['debug/variables/context'];
  assert.equal(menu.command, 'esodbg.showHistory');
  assert.match(menu.when, /debugProtocolVariableMenuContext == 'data'/);
  assert.ok(manifest.contributes.commands.some((c) => c.command === menu.command));
  assert.equal(typeof seen.commands[menu.command], 'function');
  // a hover on a command character asks the adapter for LINE:COLUMN (1-based; the adapter's columns)
  assert.deepEqual(Object.keys(seen.evaluatable), manifest.contributes.languages.map((l) => l.id));
  const at = { line: 0, character: 5, translate: (l, c) => ({ line: l, character: 5 + c }) };
  assert.equal(seen.evaluatable.befunge93.provideEvaluatableExpression({}, at).expression, '1:6');
  // .fish is claimed by content only: the ><> program, not the shell script
  assert.deepEqual(seen.claimed, [['/home/me/hello.fish', 'fish-esolang']]);
  seen.opened({ uri: { scheme: 'file' }, fileName: '/tmp/prompt.fish', languageId: 'plaintext',
    getText: () => '#!/usr/bin/env fish\nset -l here $PWD\n' });
  seen.opened({ uri: { scheme: 'file' }, fileName: '/tmp/loop.FISH', languageId: 'plaintext', getText: () => '1n;\n' });
  assert.deepEqual(seen.claimed.slice(1), [['/tmp/loop.FISH', 'fish-esolang']]);
  await extension.deactivate();
  assert.ok(client.stopped);
});

// ----- the launch path, as VS Code runs it ----------------------------------------------------------
const manifest = require(path.join(EXTENSION, 'package.json'));
const [debuggerEntry] = manifest.contributes.debuggers;
const schema = debuggerEntry.configurationAttributes.launch;
// What VS Code adds to a configuration it launches (1.9x), and keys every configuration has.
const VSCODE_KEYS = { __configurationTarget: 6, __sessionId: '0b9c4c1e-2f4e-4d7a-8a51-3c9f1b2e7d60' };
const COMMON = ['type', 'request', 'name', 'preLaunchTask', 'postDebugTask', 'presentation', 'internalConsoleOptions'];

// launch.json's check, as far as the manifest gives it: known keys, their types, the required ones.
function checkAgainstManifest(configuration) {
  for (const key of schema.required) assert.ok(key in configuration, `${key} is required`);
  for (const [key, value] of Object.entries(configuration)) {
    if (COMMON.includes(key)) continue;
    const property = schema.properties[key];
    assert.ok(property, `${key} is not a launch attribute of the esodbg debugger`);
    const type = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    assert.ok([property.type].flat().includes(type), key);
    if (key === 'options') {
      for (const [name, option] of Object.entries(value)) {
        assert.ok(property.properties[name], `${name} is not a language option`);
        assert.ok([property.properties[name].type].flat().includes(Number.isInteger(option) ? 'integer' : typeof option), name);
        if (property.properties[name].enum) assert.ok(property.properties[name].enum.includes(option), name);
      }
    }
  }
}

// VS Code's F5: resolve the configuration with the extension's provider, substitute ${file},
// start the adapter the extension's factory describes, launch with VS Code's own keys added.
async function f5(configuration, file, meanwhile = () => {}) {
  openFile = file;
  const resolved = seen.providers.esodbg.resolveDebugConfiguration(undefined, configuration);
  checkAgainstManifest(resolved);
  const substituted = JSON.parse(JSON.stringify(resolved).replaceAll('${file}', file)
    .replaceAll('${workspaceFolder}', ROOT));
  const adapter = seen.factories.esodbg.createDebugAdapterDescriptor({ configuration: substituted });
  const dc = new DebugClient(adapter.command, adapter.args.join(' '), debuggerEntry.type);
  dc.defaultTimeout = 20000;
  await dc.start();
  // A stop, or the end of a configuration that runs to its end: the first that comes.
  const stopped = new Promise((resolve) => { dc.once('stopped', resolve); dc.once('exited', resolve); });
  meanwhile(dc);
  await Promise.all([
    dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
    dc.launch({ ...substituted, ...VSCODE_KEYS }),
  ]);
  return { dc, stop: await stopped };
}

const ESODBG = process.env.ESODBG || path.join(ROOT, '.venv', 'bin', 'esodbg');
const CHOSEN = {
  fifteen: 'fifteen/hello.15', messiscript: 'messiscript/hola_mundo.messi', ttg: 'ttg/sigma.ttg',
  'stoned-go': 'stoned-go/ladder.sgo', scrabble: 'scrabble/hello_world.scrabble',
};
// Every language of the manifest (so one added is covered on arrival): its chosen example, else
// its "hello" example (by its file endings; ><>'s .fish, claimed by content, too).
const allExamples = fs.readdirSync(path.join(ROOT, 'examples')).flatMap((dir) => fs.readdirSync(path.join(ROOT, 'examples', dir))
  .map((name) => `${dir}/${name}`));
const EXAMPLES = Object.fromEntries(manifest.contributes.languages.map((language) => {
  const endings = language.id === 'fish-esolang' ? ['.fish'] : language.extensions;
  const mine = allExamples.filter((file) => endings.some((ending) => file.endsWith(ending)) && !/\/err_/.test(file));
  return [language.id, CHOSEN[language.id] || mine.find((file) => /\/hello\./.test(file)) || mine[0]];
}));

for (const [language, example] of Object.entries(EXAMPLES)) {
  test(`${language}: the documented launch.json configuration and F5 without one stop on entry`, async () => {
    settings.command = ESODBG;
    const file = path.join(ROOT, 'examples', example);
    const documented = { type: 'esodbg', request: 'launch', name: 'Debug the open program', program: '${file}',
      stopOnEntry: true };
    for (const configuration of [documented, {}]) {
      const { dc, stop } = await f5(configuration, file);
      try {
        assert.equal(stop.body.reason, 'entry');
        const exited = dc.waitForEvent('exited');
        await dc.continueRequest({ threadId: 1 });
        assert.equal((await exited).body.exitCode, 0);
      } finally {
        await dc.stop();
      }
    }
  });
}

test('a language option in "options", as the manifest offers it, reaches the language', async () => {
  settings.command = ESODBG;
  const file = path.join(ROOT, 'examples', 'stoned-go', 'chain_reaction.sgo');
  const { dc, stop } = await f5({ type: 'esodbg', request: 'launch', name: 'Depth 1', program: '${file}',
    options: { 'max-depth': 1 } }, file);
  try {
    assert.equal(stop.body.reason, 'exception');
    assert.match(stop.body.text, /max_depth 1/);
  } finally {
    await dc.stop();
  }
});

test('every launch.json configuration docs/editors.md shows works as written', async () => {
  settings.command = ESODBG;
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');
  const section = doc.split('\n## VS Code\n')[1].split('\n## ')[0];
  const launchJson = JSON.parse(section.split('```json\n')[1].split('```')[0]);
  assert.ok(launchJson.configurations.length >= 3);
  for (const configuration of launchJson.configurations) {
    // truth.15 on input 1 prints 1s forever: pause it once it has printed (sigma.ttg ends by itself).
    const pause = (dc) => dc.once('output', () => dc.pauseRequest({ threadId: 1 }).catch(() => {}));
    const { dc, stop } = await f5(configuration, path.join(ROOT, 'examples', 'fifteen', 'hello.15'), pause);
    try {
      if (configuration.stopOnEntry) assert.equal(stop.body.reason, 'entry', configuration.name);
      else assert.ok(stop.body.reason === 'pause' || stop.body.exitCode === 0, configuration.name);
    } finally {
      await dc.stop();
    }
  }
});

test('{"cell-size": 16} passes the manifest\'s schema and reaches Brainfuck (it was refused as "must be a string")', async () => {
  settings.command = ESODBG;
  const file = path.join(ROOT, 'examples', 'brainfuck', 'hello.b');
  const { dc, stop } = await f5({ type: 'esodbg', request: 'launch', name: '16-bit cells', program: '${file}',
    stopOnEntry: true, options: { 'cell-size': 16 } }, file);
  try {
    assert.equal(stop.body.reason, 'entry');
  } finally {
    await dc.stop();
  }
});

test('"Show Value History" on a variable writes its changes to the Debug Console', async () => {
  settings.command = ESODBG;
  const file = path.join(ROOT, 'examples', 'befunge', 'countdown.b93');
  const { dc, stop } = await f5({ type: 'esodbg', request: 'launch', name: 'countdown', program: '${file}',
    stopOnEntry: true }, file);
  try {
    assert.equal(stop.body.reason, 'entry');
    const went = dc.waitForEvent('stopped');
    await dc.evaluateRequest({ expression: 'goto 10', context: 'repl' });
    await went;
    // VS Code's customRequest: the response's body, or an error with the adapter's message
    vscode.debug.activeDebugSession = { type: 'esodbg', customRequest: (command, args) => dc.send(command, args)
      .then((response) => response.body) };
    const scopes = (await dc.scopesRequest({ frameId: 1 })).body.scopes;
    const state = (await dc.variablesRequest({ variablesReference: scopes[0].variablesReference })).body.variables;
    const stack = state.find((v) => v.evaluateName === 'stack');
    const [top] = (await dc.variablesRequest({ variablesReference: stack.variablesReference })).body.variables;
    assert.equal(top.__vscodeVariableMenuContext, 'data');  // so the menu offers it
    assert.equal(stack.__vscodeVariableMenuContext, undefined);  // the whole stack is no data location
    seen.console.length = 0;
    await seen.commands['esodbg.showHistory']({ sessionId: 'x', container: stack, variable: top });
    assert.deepEqual(seen.console, [
      'stack[0]: 4 changes up to step 10',
      '  step 1: 0 → 5  (space (0, 0))',
      '  step 3: 5 → 10  (space (2, 0))',
      '  step 7: 10 → 1  (space (6, 0))',
      '  step 8: 1 → 9  (space (7, 0))',
      '  (type `goto N` here to go to step N)',
    ]);
    assert.deepEqual(seen.executed, ['workbench.debug.action.focusRepl']);
    // no evaluateName, or a location the adapter refuses: a message, nothing written
    seen.console.length = 0;
    await seen.commands['esodbg.showHistory']({ variable: { name: 'space (0, 0) … (79, 0)' } });
    await seen.commands['esodbg.showHistory']({ variable: { name: 'x', evaluateName: 'nope' } });
    assert.deepEqual(seen.console, []);
    assert.deepEqual(seen.messages.map(([kind]) => kind), ['warning', 'error']);
    assert.match(seen.messages[1][1], /history nope: 'nope' is not a data location/);
    assert.match((await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].name, /step 10$/);
  } finally {
    vscode.debug.activeDebugSession = undefined;
    await dc.stop();
  }
});

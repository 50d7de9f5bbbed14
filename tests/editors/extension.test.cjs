// The VS Code extension (editors/vscode/extension.js) activated against a stand-in for VS Code's
// API: it must start `esodbg lsp` for every language and make `esodbg dap` the adapter of the
// esodbg debug type, with the command the settings name.  (No VS Code can run here; its real
// debug client drives the adapter in tests/dap/, and the package is built by tests/test_editors.py.)
const { test } = require('node:test');
const assert = require('node:assert/strict');
const Module = require('node:module');
const path = require('node:path');

const EXTENSION = path.resolve(__dirname, '..', '..', 'editors', 'vscode');
const seen = { factories: {}, providers: {}, clients: [] };

class DebugAdapterExecutable { constructor(command, args) { Object.assign(this, { command, args }); } }
const vscode = {
  DebugAdapterExecutable,
  workspace: { getConfiguration: (section) => ({ get: (key) => (section === 'esodbg' && key === 'command' ? '/opt/esodbg/bin/esodbg' : undefined) }) },
  window: { activeTextEditor: { document: { fileName: '/home/me/hello.15' } } },
  debug: {
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
  assert.equal(context.subscriptions.length, 2);
  await extension.deactivate();
  assert.ok(client.stopped);
});

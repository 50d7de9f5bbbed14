// esodbg for VS Code: `esodbg lsp` as the language server of every esodbg language, and `esodbg dap`
// as the debug adapter of the "esodbg" debug type.  Both are the esodbg command itself (the setting
// esodbg.command), started on stdin/stdout; everything else is the two protocols (docs/editors.md).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const LANGUAGES = ['fifteen', 'messiscript', 'ttg', 'stoned-go', 'scrabble', 'befunge93', 'befunge98', 'hexagony',
  'fish', 'brainfuck', 'labyrinth', 'aheui'];
let client;

function command() {
  return vscode.workspace.getConfiguration('esodbg').get('command') || 'esodbg';
}

function activate(context) {
  client = new LanguageClient('esodbg', 'esodbg', { command: command(), args: ['lsp'] }, {
    documentSelector: LANGUAGES.map((language) => ({ scheme: 'file', language })),
  });
  client.start();

  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('esodbg', {
    createDebugAdapterDescriptor() {
      return new vscode.DebugAdapterExecutable(command(), ['dap']);
    },
  }));
  // F5 with no launch.json: debug the program in the editor, stopped at its entry.
  context.subscriptions.push(vscode.debug.registerDebugConfigurationProvider('esodbg', {
    resolveDebugConfiguration(folder, config) {
      if (!config.type && !config.request && !config.name) {
        const editor = vscode.window.activeTextEditor;
        if (editor) {
          return { type: 'esodbg', request: 'launch', name: 'Debug the open program', program: editor.document.fileName,
            stopOnEntry: true };
        }
      }
      return config.program ? config : undefined;
    },
  }));
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

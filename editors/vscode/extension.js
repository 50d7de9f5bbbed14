// esodbg for VS Code: `esodbg dap` as the debug adapter of the "esodbg" debug type.  The adapter is
// the esodbg command itself (the setting esodbg.command), started on stdin/stdout; everything else
// (breakpoints, stepping back, variables) is the Debug Adapter Protocol (docs/editors.md).
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('esodbg', {
    createDebugAdapterDescriptor() {
      const command = vscode.workspace.getConfiguration('esodbg').get('command') || 'esodbg';
      return new vscode.DebugAdapterExecutable(command, ['dap']);
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

module.exports = { activate, deactivate() {} };

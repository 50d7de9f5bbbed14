// esodbg for VS Code: `esodbg lsp` as the language server of every esodbg language, and `esodbg dap`
// as the debug adapter of the "esodbg" debug type.  Both are the esodbg command itself (the setting
// esodbg.command), started on stdin/stdout; everything else is the two protocols (docs/editors.md).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

// The languages as the manifest declares them (generated from esodbg's registry: manifest.py).
const LANGUAGES = require('./package.json').contributes.languages.map((language) => language.id);
let client;

// .fish is the fish shell's ending too: a .fish file is ><> only by its content, the rule of
// esodbg's registry (engines/fish/__init__.py): not a fish shell script, which has lines of its
// words (function NAME, set VAR, end alone), two of them, or one under a #! line running fish.
const SHELL_LINE = /^#![^\n]*[/ ]fish[ \t]*(\r?\n|$)/;
const SHELL_WORDS = /^[ \t]*(function[ \t]+\S|set[ \t]+-{0,2}\w|end[ \t]*\r?$)/gm;

function isFishProgram(text) {
  const words = (text.slice(0, 1 << 16).match(SHELL_WORDS) || []).length;
  return !(words >= 2 || (words > 0 && SHELL_LINE.test(text)));
}

function claim(document) {
  if (document.uri.scheme === 'file' && document.fileName.toLowerCase().endsWith('.fish')
      && document.languageId !== 'fish-esolang' && isFishProgram(document.getText())) {
    return vscode.languages.setTextDocumentLanguage(document, 'fish-esolang');
  }
  return undefined;
}

function command() {
  return vscode.workspace.getConfiguration('esodbg').get('command') || 'esodbg';
}

// "Show Value History" on a variable that is a data location (the adapter marks them, and the
// manifest's menu offers it on them): the adapter's `history LOCATION` (docs/editors.md), its
// changes written to the Debug Console, one a line; `goto N` typed there goes to step N.
const SHOWN = 1000;  // changes written at most (the Debug Console's `history LOCATION` expands them all)

async function showHistory(item) {
  const session = vscode.debug.activeDebugSession;
  const variable = item && item.variable;
  if (!session || session.type !== 'esodbg' || !variable) return undefined;
  if (!variable.evaluateName) {
    return vscode.window.showWarningMessage(`esodbg: ${variable.name} is not a data location: it has no history`);
  }
  const out = vscode.debug.activeDebugConsole;
  try {
    const answer = await session.customRequest('evaluate', { expression: `history ${variable.evaluateName}`,
      context: 'repl' });
    out.appendLine(answer.result);
    if (answer.variablesReference) {
      const { variables } = await session.customRequest('variables', { variablesReference: answer.variablesReference,
        start: 0, count: SHOWN });
      for (const change of variables) {
        out.appendLine(`  ${change.name}: ${change.value}${change.type ? `  (${change.type})` : ''}`);
      }
      if ((answer.indexedVariables || 0) > variables.length) {
        out.appendLine(`  … ${answer.indexedVariables - variables.length} more: evaluate \`history ${variable.evaluateName}\` `
          + 'here to see them all');
      }
      out.appendLine('  (type `goto N` here to go to step N)');
    }
  } catch (error) {
    return vscode.window.showErrorMessage(`esodbg: ${error.message}`);
  }
  return vscode.commands.executeCommand('workbench.debug.action.focusRepl').then(undefined, () => undefined);
}

function activate(context) {
  client = new LanguageClient('esodbg', 'esodbg', { command: command(), args: ['lsp'] }, {
    documentSelector: LANGUAGES.map((language) => ({ scheme: 'file', language })),
  });
  client.start();
  vscode.workspace.textDocuments.forEach(claim);
  // Hovering a command character while debugging (`.`, `;`: no word VS Code would evaluate): the
  // adapter reads LINE:COLUMN as the cell written there and answers its value.
  for (const language of LANGUAGES) {
    context.subscriptions.push(vscode.languages.registerEvaluatableExpressionProvider(language, {
      provideEvaluatableExpression(document, position) {
        const range = new vscode.Range(position, position.translate(0, 1));
        return new vscode.EvaluatableExpression(range, `${position.line + 1}:${position.character + 1}`);
      },
    }));
  }
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(claim));
  context.subscriptions.push(vscode.commands.registerCommand('esodbg.showHistory', showHistory));

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

module.exports = { activate, deactivate, isFishProgram, showHistory };

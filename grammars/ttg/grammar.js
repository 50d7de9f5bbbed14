/**
 * @file Tic Tac Toe Grow (spec shared/specs/ttg.md, R1–R2 and R39).
 *
 * A program is the keystrokes typed, one per code point (CR LF is one Enter), so every file is
 * a valid program: the grammar only classifies each keystroke. Actions are R39's set
 * (case-sensitive, ASCII, plus Σ U+03A3 and Enter); digits, Space and every other character are
 * data that the pass puts into memory; Backspace (U+0008) undoes and is never written.
 */

// R39 actions by what they do (see the spec's R23–R36).
const ACTIONS = {
  run: 'r', // R23: marks the mainBoard as code to run
  output: 'o', // R24: output all numbers or all characters of memory1
  take: 't', // R25: put the next square into memory
  rotate: 'c', // R27: turn the mainBoard clockwise
  update: 'u', // R26: board update of the mainBoard
  arithmetic: '+-*/%', // R28: cell1 op cell2 = cell3
  test: '?', // R29: if the next square is not empty, take it and repeat
  direction: '^v<>', // R30: typing direction
  flip: '|', // R30: reverse the typing direction
  grow_memory: 'g', // R31: board update of memory1
  delete: 'd', // R32: clear memory1
  pop: 'p', // R32: output and remove the first memory1 value
  save: 's', // R32: save memory1
  call: '@', // R32: run a saved memory1
  skip: '!', // R33: skip the next command
  escape: '#', // R36: put the next command as data
  sum: 'Σ', // R35: output the sum of memory1
};

const escape = (chars) => chars.replace(/[\\\]\[^\-]/g, (c) => '\\' + c);
const ACTION_CHARS = Object.values(ACTIONS).join('');

const rules = {
  program: $ => repeat($._keystroke),
  _keystroke: $ => choice(
    ...Object.keys(ACTIONS).map((name) => $[name]),
    $.newline, $.digit, $.space, $.backspace, $.data,
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes
    // (they case-fold to ASCII letters); as tokens of their own they are data like the rest.
    alias(/\u017f/, $.data), alias(/\u212a/, $.data),
    // NUL: the lexer's own end marker is 0, so NUL needs a token of its own too.
    alias(/\x00/, $.data),
  ),
  newline: _ => /\r?\n/, // Enter (an action too: R30), CR LF read as one keystroke
  digit: _ => /[0-9]/, // R5: typed digits become numbers in memory
  space: _ => ' ', // R34: a non-empty value that does not grow the board
  backspace: _ => '\x08', // R17: undo
  // Any other code point (a lone CR included) is one keystroke of data (R37).
  data: _ => new RegExp(`[^${escape(ACTION_CHARS)}\\n\\x08 0-9]|\\r`),
};
for (const [name, chars] of Object.entries(ACTIONS)) {
  rules[name] = _ => new RegExp(`[${escape(chars)}]`);
}

module.exports = grammar({
  name: 'ttg',
  extras: _ => [],
  rules,
});

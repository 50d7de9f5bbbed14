/**
 * @file Brainfuck (spec shared/specs/brainfuck.md, rules 2, 8-13).
 *
 * The eight command bytes are the program; every other byte is a comment (rule 2). Loops nest
 * as written: a `[` and its matching `]` are one `loop` node around its body, so an unmatched
 * bracket is an error (rule 13). Runs of the same command are one node (`+++` is one
 * `increment`), the units a hover explains (how much a run adds or moves).
 */

module.exports = grammar({
  name: 'brainfuck',
  // Blanks between commands: no nodes. Any other byte that is no command is a comment.
  extras: _ => [/\s/],
  rules: {
    program: $ => repeat($._item),
    _item: $ => choice($.increment, $.decrement, $.right, $.left, $.output, $.input, $.loop, $.comment,
      // NUL: the generated lexer's own end marker is 0, so it needs a token of its own.
      alias(/\x00/, $.comment)),
    increment: _ => /\++/,
    decrement: _ => /-+/,
    right: _ => />+/,
    left: _ => /<+/,
    output: _ => '.',
    input: _ => ',',
    loop: $ => seq('[', repeat($._item), ']'),
    // Letters, digits, punctuation, UTF-8 sequences: a run up to the next command or blank.
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes (they
    // case-fold to ASCII letters): they are named on their own.
    comment: _ => token(repeat1(choice(/[^+\-<>\[\].,\s\x00]/, '\u017f', '\u212a'))),
  },
});

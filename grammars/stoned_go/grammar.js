/**
 * @file Stoned-Go (spec shared/specs/stoned-go.md, L1–L8, M1–M5, P4).
 *
 * The source as written, before macro expansion: moves, flips, halts, loop bars, black and white
 * stones (blocks) with their trigger programs, macro definitions and calls. Blocks written at the
 * top level must be balanced; a macro body or call argument is raw tokens (M2a) and may hold
 * unbalanced brackets and `|`. The rules that need the expansion or a symbol table — exactly one
 * top-level `|` (P1–P3), `|` inside blocks (P5), undefined, duplicate and recursive macros
 * (M2e, M6, M7), number range (L6), expansion size (M10) — are the engine's.
 */

module.exports = grammar({
  name: 'stoned_go',

  // L2: SP HT LF VT FF CR only (other Unicode spaces are unexpected characters, L8); L3.
  extras: $ => [/[ \t\n\v\f\r]/, $.comment],

  rules: {
    program: $ => repeat($._command),

    _command: $ => choice(
      $.move, $.flip, $.halt, $.loop_bar, $.black_stone, $.white_stone,
      $.macro_definition, $.macro_call,
    ),

    // L5: a sign and its digits; whitespace and comments may separate them (L5a).
    move: $ => seq(choice('+', '-'), $.number),
    number: _ => /[0-9]+/,
    flip: _ => '/',
    halt: _ => '?',
    loop_bar: _ => '|',

    // P4: `[` … `]` places a black stone, `(` … `)` a white one, with its trigger program.
    // Definitions may be written inside blocks (M2c).
    black_stone: $ => seq('[', repeat($._command), ']'),
    white_stone: $ => seq('(', repeat($._command), ')'),

    // M2: `{name: tokens}`; the body is raw tokens, may use `!`, and cannot define (M4).
    macro_definition: $ => seq(
      '{', field('name', $.macro_name), ':', optional(field('body', $.macro_body)), '}'),
    macro_body: $ => repeat1($._body_token),
    _body_token: $ => choice(
      $.move, $.flip, $.halt, $.loop_bar, '[', ']', '(', ')', $.argument,
      alias($._body_macro_call, $.macro_call),
    ),
    // M5: `!` stands for the call's argument; only inside a definition.
    argument: _ => '!',

    // M3: `<name>`, `<name:>` or `<name: tokens>`; calls nest inside arguments.
    macro_call: $ => seq(
      '<', field('name', $.macro_name),
      optional(seq(':', optional(field('argument', $.macro_argument)))), '>'),
    macro_argument: $ => repeat1($._argument_token),
    _argument_token: $ => choice(
      $.move, $.flip, $.halt, $.loop_bar, '[', ']', '(', ')', $.macro_call),

    // The same call written inside a definition, where its argument may use `!`.
    _body_macro_call: $ => seq(
      '<', field('name', $.macro_name),
      optional(seq(':', optional(field('argument', alias($._body_macro_argument, $.macro_argument))))),
      '>'),
    _body_macro_argument: $ => repeat1(choice(
      $.move, $.flip, $.halt, $.loop_bar, '[', ']', '(', ')', $.argument,
      alias($._body_macro_call, $.macro_call),
    )),

    // M1: anything but whitespace and `# < > { } :`.
    macro_name: _ => /[^ \t\n\v\f\r#<>{}:]+/,

    comment: _ => /#[^\n]*/,
  },
});

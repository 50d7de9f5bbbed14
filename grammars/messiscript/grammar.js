/**
 * @file MessiScript (spec shared/specs/messiscript.md, rules 1–7).
 *
 * The text is split at every `.` into fragments; a fragment whose stripped text starts with a
 * command phrase (case-insensitively: the engine lower-cases the file) is that command, whatever
 * follows the phrase up to the `.` being its content; any other fragment is prose, which the
 * language ignores. The grammar also checks the program's shape like the engine: the first
 * command is `la agarra messi`, `sigue messi` … `vuelve messi` loops are matched, and the last
 * top-level item is `¡gol!` (only prose may follow it).
 */

// Python's str.isspace() characters: the engine strips fragments with str.strip().
const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

// A command phrase as a case-insensitive pattern matching what str.lower() turns into the phrase
// at the start of a fragment: besides ASCII case, `K` (U+212A, Kelvin) lowers to `k`, and a final
// `İ` (U+0130) lowers to `i̇`, whose `i` ends the phrase `… messi`. tree-sitter 0.26's generator
// drops U+212A from a character class that also holds `k` or `K`, so the Kelvin spelling of a
// phrase (only `ankara messi` has a k) is a token of its own.
function pattern(text, kelvin) {
  let source = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === 'k' && kelvin) source += '\\u212a';
    else if (ch === 'i' && i === text.length - 1) source += '[iI\\u0130]';
    else if (/[a-z]/.test(ch)) source += `[${ch}${ch.toUpperCase()}]`;
    else source += ch;
  }
  return token(prec(1, new RegExp(source)));
}

function phrase($, text) {
  const spellings = [pattern(text, false)];
  if (text.includes('k')) spellings.push(pattern(text, true));
  return choice(...spellings.map((spelling) => alias(spelling, $.name)));
}

// Node name → phrase, in the engine's NAMES order.
const COMMANDS = {
  va_messi: 'va messi',
  la_mueve_messi_por_la_derecha: 'la mueve messi por la derecha',
  la_mueve_messi_por_la_izquierda: 'la mueve messi por la izquierda',
  la_pisa_messi: 'la pisa messi',
  juega_messi: 'juega messi',
  gambetea_messi: 'gambetea messi',
  siempre_messi: 'siempre messi',
  encara_messi: 'encara messi',
  ankara_messi: 'ankara messi',
  gol: '¡gol!',
  la_agarra_messi: 'la agarra messi',
  sigue_messi: 'sigue messi',
  vuelve_messi: 'vuelve messi',
  corre_messi: 'corre messi',
  amaga_messi: 'amaga messi',
  suma_messi: 'suma messi',
  resta_messi: 'resta messi',
  multiplica_messi: 'multiplica messi',
  divide_messi: 'divide messi',
  empata_messi: 'empata messi',
  desempata_messi: 'desempata messi',
  es_mayor_o_igual_messi: 'es mayor o igual messi',
  es_menor_o_igual_messi: 'es menor o igual messi',
  es_mayor_messi: 'es mayor messi',
  es_menor_messi: 'es menor messi',
};

// Commands that are plain steps (the markers and the loop are handled by the structure).
const PLAIN = Object.keys(COMMANDS).filter(
  (name) => !['gol', 'la_agarra_messi', 'sigue_messi', 'vuelve_messi'].includes(name));

const ALL = Object.keys(COMMANDS);

const rules = {
  // Rule 6: prose, then `la agarra messi`, then anything, ending with `¡gol!` and prose.
  program: $ => seq(
    repeat(choice($._filler, $._trap_before_start)),
    $.la_agarra_messi,
    repeat(choice($._item, $._trap_stray_vuelve)),
    choice(
      seq($.gol, repeat(choice($._filler, $._trap_after_end)), optional($.prose)),
      alias($._gol_at_end, $.gol),
    ),
  ),

  _item: $ => choice($._filler, $._command, $.la_agarra_messi, $.gol, $.loop),

  // Rule 4: `sigue messi` … `vuelve messi`, nested to any depth.
  loop: $ => seq($.sigue_messi, repeat($._item), $.vuelve_messi),

  // An ignored fragment: prose, or nothing (`...` gives empty fragments).
  _filler: $ => choice(seq($.prose, '.'), '.'),
  prose: $ => $._text,

  _command: $ => choice(...PLAIN.map((name) => $[name])),

  // The last fragment of the file has no `.`; only `¡gol!` can end a valid program that way.
  _gol_at_end: $ => seq(phrase($, COMMANDS.gol), optional($.content)),

  // Rule 5's content: what follows the phrase in its fragment.
  content: $ => $._text,

  // Fragment text: no `.`, neither starting nor ending with whitespace (that is stripped).
  _text: _ => new RegExp(`[^.${SPACE}]([^.]*[^.${SPACE}])?`),

  // Traps. Tree-sitter lexes only the tokens the parse state allows, so where a command is not
  // allowed its phrase would quietly be read as prose. Each trap makes the phrase a valid start
  // there, followed by `_never`, which can never be completed: the file then has an error, as
  // the engine says (a command before `la agarra messi`, a `vuelve messi` that closes no loop,
  // a command after the final `¡gol!`).
  _trap_before_start: $ => seq(
    choice(...ALL.filter((name) => name !== 'la_agarra_messi').map((name) => $[name])), $._never),
  _trap_stray_vuelve: $ => seq($.vuelve_messi, $._never),
  _trap_after_end: $ => seq(choice(...ALL.map((name) => $[name])), $._never),
  _never: $ => seq('.', $._never),
};

// Each command is its phrase (the `name`), its content and its `.`.
for (const [name, text] of Object.entries(COMMANDS)) {
  rules[name] = $ => seq(phrase($, text), optional($.content), '.');
}

module.exports = grammar({
  name: 'messiscript',
  extras: _ => [new RegExp(`[${SPACE}]`)],
  conflicts: $ => [[$.program, $._item]],
  rules,
});

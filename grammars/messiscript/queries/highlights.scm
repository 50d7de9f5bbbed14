; MessiScript: each command phrase, its content, and the prose the language ignores.

(prose) @comment

(content) @string

"." @punctuation.delimiter

; Program structure: start, end, loops.
[
  (la_agarra_messi (name) @keyword)
  (gol (name) @keyword)
  (sigue_messi (name) @keyword)
  (vuelve_messi (name) @keyword)
]

; Input and output.
[
  (la_pisa_messi (name) @function.call)
  (juega_messi (name) @function.call)
  (gambetea_messi (name) @function.call)
  (siempre_messi (name) @function.call)
]

; Arithmetic and comparisons with the clipboard.
[
  (suma_messi (name) @operator)
  (resta_messi (name) @operator)
  (multiplica_messi (name) @operator)
  (divide_messi (name) @operator)
  (empata_messi (name) @operator)
  (desempata_messi (name) @operator)
  (es_mayor_o_igual_messi (name) @operator)
  (es_menor_o_igual_messi (name) @operator)
  (es_mayor_messi (name) @operator)
  (es_menor_messi (name) @operator)
]

; The cell, the position and the clipboard.
[
  (va_messi (name) @function.builtin)
  (la_mueve_messi_por_la_derecha (name) @function.builtin)
  (la_mueve_messi_por_la_izquierda (name) @function.builtin)
  (encara_messi (name) @function.builtin)
  (ankara_messi (name) @function.builtin)
  (corre_messi (name) @function.builtin)
  (amaga_messi (name) @function.builtin)
]

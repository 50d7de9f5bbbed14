; ><> (Fish): every cell by its instruction class. Cells that are no instruction (`other`) keep
; the default colour.

[
  (direction)
  (mirror)
  (random)
  (skip)
  (jump)
] @keyword

; `;` ends the program: keyword.return stands out (Helix falls back to keyword).
(end) @keyword.return

(number) @number

[
  (arithmetic)
  (comparison)
] @operator

[
  (stack)
  (stacks)
  (register)
] @function.builtin

(io) @function.call

; The codebox itself: `g` and `p`.
(code_access) @variable

(string) @string

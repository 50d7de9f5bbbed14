; Befunge-93 and Befunge-98: every cell by its instruction class (a 98-only letter in a 93 file
; too). No-ops (`z`) and unknown cells (`other`) keep the default colour.

[
  (direction)
  (branch)
  (jump)
  (iterate)
  (split)
] @keyword

; `@` and `q` end an IP or the program: keyword.return stands out (Helix falls back to keyword).
(end) @keyword.return

(number) @number

(arithmetic) @operator

[
  (stack)
  (system_info)
  (execute)
] @function.builtin

(io) @function.call

; Funge-Space: `g p s`, and the `'` of a fetch; the cell it fetches is a character literal.
(space_access) @variable

(fetch
  "'" @variable)

(character) @string.special

(string) @string

(comment) @comment

(fingerprint) @function.macro

[
  (load)
  (unload)
] @keyword.directive

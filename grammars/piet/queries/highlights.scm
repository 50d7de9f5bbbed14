; ascii-piet: every codel letter by its colour's hue, in the capture whose colour is nearest that
; hue in VS Code's Dark+ theme (and the debugger's vscode_dark): red salmon, yellow pale yellow,
; green pale green, cyan teal, blue blue, magenta pink. Light, normal and dark of one hue share a
; capture (no editor theme has eighteen hue-named colours); the nodes keep the lightness, for a
; query of your own. White (? _) and black (space @) keep the default colour.

[(light_red) (red) (dark_red)] @string

[(light_yellow) (yellow) (dark_yellow)] @function

[(light_green) (green) (dark_green)] @number

[(light_cyan) (cyan) (dark_cyan)] @type.builtin

[(light_blue) (blue) (dark_blue)] @keyword.function

[(light_magenta) (magenta) (dark_magenta)] @keyword

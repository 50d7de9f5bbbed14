; Macros are global and hoisted (M2c, M2d): the whole file is their one scope.

(program) @local.scope

(macro_definition
  name: (macro_name) @local.definition)

(macro_call
  name: (macro_name) @local.reference)

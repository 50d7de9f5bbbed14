"""Language engines and the language-neutral debugger core.  No UI imports here: ``esodbg exec``
imports only this package, and of the languages only the one a file needs (:mod:`.registry`)."""

import sys

# The languages' integers are unbounded; printing or reading one with more than 4300 digits must
# not fail on Python's default conversion limit.
sys.set_int_max_str_digits(0)

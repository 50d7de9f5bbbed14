0a"!dlrow ,olleH":?!;oa6+0.

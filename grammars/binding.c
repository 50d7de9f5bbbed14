/* The C side of esodbg.grammars: one extension module, ``esodbg.grammars._binding``, holding the
 * generated parsers.  Each function returns the language the way the official
 * ``tree-sitter-<lang>`` packages do: ``PyCapsule(tree_sitter_<name>(), "tree_sitter.Language")``,
 * which ``tree_sitter.Language(...)`` accepts.  Uses only the limited (stable) API. */

#include <Python.h>

typedef struct TSLanguage TSLanguage;

#define GRAMMARS(X) X(fifteen) X(messiscript) X(ttg) X(stoned_go) X(scrabble) X(gcg) X(befunge) X(hexagony) \
    X(fish_esolang) X(brainfuck) X(labyrinth) X(aheui) X(piet)

#define DECLARE(name)                                                                         \
    const TSLanguage *tree_sitter_##name(void);                                               \
    static PyObject *language_##name(PyObject *self, PyObject *args) {                        \
        (void)self; (void)args;                                                               \
        return PyCapsule_New((void *)tree_sitter_##name(), "tree_sitter.Language", NULL);     \
    }
GRAMMARS(DECLARE)

#define METHOD(name) \
    {#name, language_##name, METH_NOARGS, "The tree-sitter language of " #name " (a capsule)."},
static PyMethodDef methods[] = {GRAMMARS(METHOD) {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_binding", "The generated tree-sitter parsers of esodbg.", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__binding(void) { return PyModule_Create(&module); }

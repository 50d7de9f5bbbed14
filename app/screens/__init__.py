"""Screens and dialogs over the debugger: help, parse errors."""

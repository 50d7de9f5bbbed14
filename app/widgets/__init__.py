"""The debugger's widgets: each renders part of the presentation model and posts its own messages."""

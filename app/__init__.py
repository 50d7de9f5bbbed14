"""The Textual application and the command line."""

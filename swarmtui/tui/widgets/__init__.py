"""Game widgets: boards drawn as text and the move log."""

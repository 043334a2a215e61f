"""Images of the table, hands and results, drawn with Pillow from engine views (never discord)."""

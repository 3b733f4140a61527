"""The pure geometry engine: word boxes in, ordered page structure out. Imports nothing but the
standard library, so it is tested on hand-made boxes."""

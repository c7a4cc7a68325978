"""Commands of the ``mythos`` CLI that live in their own modules; ``cli.py`` registers them."""

"""Every game lives in a subpackage here and registers itself when imported."""

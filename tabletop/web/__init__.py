"""The browser client: plain JavaScript modules, styles and pictures in ``static/``, served by the server at ``/``."""

collect_ignore = ["fixture_games.py"]

"""How the game's terms are shown: labels, cards and settlement lines, for every app's pages.

A layer of its own between the pure rules (``game.engine``) and the apps (accounts, game,
lobby), so that each app that shows a role or a card takes its words from one place.
"""

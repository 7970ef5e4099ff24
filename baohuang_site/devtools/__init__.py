"""Tools that drive the site from outside, for the tests and the benches alike.

Never on the site's own path: nothing under ``baohuang_site`` imports this package. It lives
in the project, not in tests/, so that bench/ and tests/ share one way of starting a server
(``live_site``) and one way of seating people at a table over the ASGI app
(``table_players``) without bench/ depending on the test suite.
"""

"""The web board (`pavilion serve`): a Starlette app (`app`) that keeps each
tab's game on the server (`rooms`), sends the page the engine's own pictures
and legal moves (`views`), and speaks a small documented JSON protocol over
one WebSocket (`protocol`; docs/web.md). The page is plain ES modules in
`static/`, with no build step. Needs `pip install 'pavilion[web]'`."""

"""What both games build on, beneath them (the Python side of `rust/core`): capped
reads and safe saves (`files`), the record's shared base (`record`), the
search and arena calls (`analysis`), the terminal game loop (`session`), the
SVG drawing (`drawing`) and Ray (`scale`). Nothing here imports a game's
package, a service, learning or a front-end (`make lint` checks it)."""

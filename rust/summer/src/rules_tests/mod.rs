//! One test (at least) per ruling of `docs/RULES.md` (which names each test
//! here) and per worked example and FAQ answer of the seeds. Positions are built exactly with `testkit`.

mod draft;
mod features;
mod gray;
mod place;
mod rounds;
mod setup;

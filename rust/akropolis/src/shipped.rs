//! The network shipped with pavilion for Akropolis (`mcts:net=default`): the
//! best generation of the self-play loop so far, embedded in the binary (its
//! manifest and arena figures are beside the file, in `seeds/nets/`) and read
//! once, the first time a spec asks for it.

use std::sync::Arc;

use pavilion_core::net::{Net, ShippedNet};

/// The shipped network and its folder (manifest.json, arena figures), from the repository's root.
pub static SHIPPED: ShippedNet =
    ShippedNet::new("seeds/nets/akropolis-gen4", include_bytes!("../../../seeds/nets/akropolis-gen4/net.safetensors"));

/// The shipped network, read on first use.
pub fn shipped_net() -> Arc<Net> {
    SHIPPED.get()
}

#[cfg(test)]
mod tests {
    use pavilion_core::agents::agent_from_spec;

    use super::*;
    use crate::{encoding::ENCODING, Game};

    #[test]
    fn the_shipped_network_reads_this_games_encoding_and_is_the_named_one() {
        SHIPPED.check(&ENCODING, env!("CARGO_MANIFEST_DIR")).unwrap();
        // It learned from 2-player games only (measured at 3 and 4 players: weaker than the rollouts).
        assert_eq!(pavilion_core::game::default_net_players::<Game>(), vec![2]);
    }

    #[test]
    fn net_default_plays_with_the_shipped_network() {
        let mut agent = agent_from_spec::<Game>("mcts:net=default,iterations=200", 1).unwrap();
        let g = Game::new(crate::Options::default(), 1).unwrap();
        let m = agent.choose_until(&g, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        assert!(pavilion_core::Game::is_legal(&g, &m));
    }
}

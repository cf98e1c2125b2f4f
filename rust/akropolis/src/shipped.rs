//! The network shipped with pavilion for Akropolis (`mcts:net=default`): the
//! best generation of the self-play loop so far, embedded in the binary (its
//! manifest and arena figures are beside the file, in `seeds/nets/`) and read
//! once, the first time a spec asks for it.

use std::sync::{Arc, OnceLock};

use pavilion_core::net::Net;

/// The shipped network's folder (manifest.json, arena.json), from the repository's root.
pub const SHIPPED_NET: &str = "seeds/nets/akropolis-gen4";
static BYTES: &[u8] = include_bytes!("../../../seeds/nets/akropolis-gen4/net.safetensors");

/// The shipped network, read on first use.
pub fn shipped_net() -> Arc<Net> {
    static NET: OnceLock<Arc<Net>> = OnceLock::new();
    NET.get_or_init(|| Arc::new(Net::from_bytes(BYTES).expect("the shipped network reads (shipped_tests)"))).clone()
}

#[cfg(test)]
mod tests {
    use pavilion_core::agents::agent_from_spec;

    use super::*;
    use crate::{encoding::ENCODING, Game};

    #[test]
    fn the_shipped_network_reads_this_games_encoding_and_is_the_named_one() {
        shipped_net().check_game(&ENCODING).unwrap();
        let named =
            std::fs::read(format!("{}/../../{SHIPPED_NET}/net.safetensors", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(named, BYTES, "SHIPPED_NET names the embedded file");
        assert!(Arc::ptr_eq(&shipped_net(), &shipped_net()), "read once");
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

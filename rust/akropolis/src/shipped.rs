//! The networks shipped with pavilion for Akropolis (`mcts:net=default`), one
//! per player count that has its own: the best generation of the self-play
//! loop so far, embedded in the binary (each one's manifest and arena figures
//! are beside its file, in `seeds/nets/`) and read once, the first time a
//! spec asks for it. A count without its own takes the 2-player network.

use std::sync::Arc;

use pavilion_core::net::{Net, ShippedNet};

/// The shipped networks, the 2-player one first, with their folders
/// (manifest.json, arena figures) from the repository's root.
pub static SHIPPED: [ShippedNet; 3] = [
    ShippedNet::new(
        2,
        "seeds/nets/akropolis-gen4",
        include_bytes!("../../../seeds/nets/akropolis-gen4/net.safetensors"),
    ),
    // Valuing every seat: generation 2, from 6,000 3-player games of
    // generation 1's search (most decisions searched fast).
    ShippedNet::new(
        3,
        "seeds/nets/akropolis-3p-gen2",
        include_bytes!("../../../seeds/nets/akropolis-3p-gen2/net.safetensors"),
    ),
    // Valuing every seat: generation 1, from 3,600 4-player games of
    // generation 0's search (most decisions searched fast).
    ShippedNet::new(
        4,
        "seeds/nets/akropolis-4p-gen1",
        include_bytes!("../../../seeds/nets/akropolis-4p-gen1/net.safetensors"),
    ),
];

/// The shipped network for games of `players` seats, read on first use.
pub fn shipped_net(players: usize) -> Arc<Net> {
    ShippedNet::for_players(&SHIPPED, players)
}

#[cfg(test)]
mod tests {
    use pavilion_core::agents::agent_from_spec;

    use super::*;
    use crate::{encoding::ENCODING, Game};

    #[test]
    fn the_shipped_network_reads_this_games_encoding_and_is_the_named_one() {
        for net in &SHIPPED {
            net.check(&ENCODING, env!("CARGO_MANIFEST_DIR")).unwrap();
        }
        // Every player count has its own network.
        assert_eq!(pavilion_core::game::default_net_players::<Game>(), vec![2, 3, 4]);
    }

    #[test]
    fn each_player_count_takes_its_own_network_or_the_2_player_one() {
        // 3 and 4 players: networks that value every seat; 2: the mover's value.
        assert!(shipped_net(3).info.seat_values && shipped_net(4).info.seat_values);
        assert!(!shipped_net(2).info.seat_values);
        assert!(!std::sync::Arc::ptr_eq(&shipped_net(4), &shipped_net(3)));
    }

    #[test]
    fn net_default_plays_with_the_shipped_network() {
        let mut agent = agent_from_spec::<Game>("mcts:net=default,iterations=200", 1).unwrap();
        let g = Game::new(crate::Options::default(), 1).unwrap();
        let m = agent.choose_until(&g, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        assert!(pavilion_core::Game::is_legal(&g, &m));
    }
}

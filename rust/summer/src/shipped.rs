//! The networks shipped with pavilion for Summer Pavilion (`mcts:net=default`),
//! one per player count: the best generation of self-play so far, embedded in
//! the binary (each one's manifest and arena figures are beside its file, in
//! `seeds/nets/`) and read once, the first time a spec asks for it. Each file
//! names the mix its searches take (`mix=`): alone, a value misjudges what a
//! round's draft and placing bring, and beside a rollout it wins
//! (docs/learning.md).

use std::sync::Arc;

use pavilion_core::net::{Net, ShippedNet};

/// The shipped networks, the 2-player one first, with their folders
/// (manifest.json, arena figures) from the repository's root; a player count
/// without its own takes the 2-player one.
pub static SHIPPED: [ShippedNet; 3] = [
    ShippedNet::new(2, "seeds/nets/summer-gen2", include_bytes!("../../../seeds/nets/summer-gen2/net.safetensors")),
    // Valuing every seat, from 1,800 3-player games of the rollout search, most decisions searched
    // fast (twice generation 0's games for a third less self-play); half and half with rollouts.
    ShippedNet::new(
        3,
        "seeds/nets/summer-3p-gen1",
        include_bytes!("../../../seeds/nets/summer-3p-gen1/net.safetensors"),
    ),
    // Valuing every seat, from 600 4-player games of the rollout search; half and half with rollouts.
    ShippedNet::new(
        4,
        "seeds/nets/summer-4p-gen0",
        include_bytes!("../../../seeds/nets/summer-4p-gen0/net.safetensors"),
    ),
];

/// The shipped network for games of `players` seats, read on first use.
pub fn shipped_net(players: usize) -> Arc<Net> {
    ShippedNet::for_players(&SHIPPED, players)
}

#[cfg(test)]
mod tests {
    use pavilion_core::agents::{agent_from_spec, mcts_agent_from_spec};

    use super::*;
    use crate::{encoding::ENCODING, Game, Options};

    #[test]
    fn the_shipped_network_reads_this_games_encoding_and_is_the_named_one() {
        for net in &SHIPPED {
            net.check(&ENCODING, env!("CARGO_MANIFEST_DIR")).unwrap();
        }
        // Every player count has its own network.
        assert_eq!(pavilion_core::game::default_net_players::<Game>(), vec![2, 3, 4]);
    }

    #[test]
    fn net_default_plays_with_the_shipped_network_and_its_mix() {
        let spec = "mcts:net=default,iterations=200";
        let mut agent = agent_from_spec::<Game>(spec, 1).unwrap();
        let g = Game::new(Options::default(), 1);
        let m = agent.choose_until(&g, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        assert!(pavilion_core::Game::is_legal(&g, &m));
        // Measured: the network alone loses to the rollouts; half and half wins.
        assert_eq!(shipped_net(2).info.mix, 0.5);
        for players in [3, 4] {
            let net = shipped_net(players);
            assert!(net.info.seat_values && net.info.mix == 0.5 && net.info.players() == Some(players));
        }
        assert_eq!(mcts_agent_from_spec::<Game>(spec, 1).unwrap().cfg.net_mix, 0.5);
    }
}

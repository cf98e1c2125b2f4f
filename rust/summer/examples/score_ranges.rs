//! `cargo run --release --example score_ranges -p pavilion-summer -- [games] [agent] [players]`:
//! what the proven score ranges tell in the last round. Plays `games` games
//! between copies of `agent` (default greedy) and, at the start of the last
//! round's placing and at each move after it, finds every player's range
//! (`search::ranges`): the share of positions whose winner is proven (a
//! player "wins" whatever happens) or whose outcome is decided for some
//! player, the mean width of the ranges of players still placing, and the
//! time taken. Positions are also split by whether the exact solve (default
//! budget) values them: the ranges are what a player sees where it does not.
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pavilion_summer::agents::agent_from_spec;
use pavilion_summer::search::ranges::{proven, Proven, Ranges};
use pavilion_summer::search::{exact, SearchConfig};
use pavilion_summer::state::{Game, Options, Phase, ROUNDS};
use pavilion_summer::Side;

#[derive(Default)]
struct Tally {
    positions: u32,
    ranged: u32,
    winner: u32,
    decided: u32,
    width_sum: f64,
    widths: u32,
    times: Vec<f64>,
}

impl Tally {
    fn add(&mut self, g: &Game) {
        self.positions += 1;
        let start = Instant::now();
        let found = Ranges::default().of(g);
        self.times.push(start.elapsed().as_secs_f64());
        let Some(r) = found else { return };
        self.ranged += 1;
        let outcomes: Vec<Proven> = (0..r.len()).map(|s| proven(&r, s)).collect();
        self.winner += u32::from(outcomes.contains(&Proven::Wins));
        self.decided += u32::from(outcomes.iter().any(|&p| p != Proven::Open));
        for (seat, range) in r.iter().enumerate() {
            if !g.has_passed(seat) {
                self.width_sum += range.width() as f64;
                self.widths += 1;
            }
        }
    }

    fn line(&mut self, what: &str) -> String {
        self.times.sort_by(f64::total_cmp);
        let q = |p: f64| self.times.get(((self.times.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(f64::NAN);
        let share = |n: u32| 100.0 * f64::from(n) / f64::from(self.positions.max(1));
        format!(
            "{what}: {} positions, ranges found {:.1}%, winner proven {:.1}%, some result proven {:.1}%, \
             mean width {:.1} points; time median {:.4}s, 90% {:.4}s, max {:.4}s",
            self.positions,
            share(self.ranged),
            share(self.winner),
            share(self.decided),
            self.width_sum / f64::from(self.widths.max(1)),
            q(0.5),
            q(0.9),
            q(1.0),
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let spec = args.get(1).cloned().unwrap_or("greedy".into());
    let players: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let stop = AtomicBool::new(false);
    let (mut at_start, mut all, mut unsolved) = (Tally::default(), Tally::default(), Tally::default());
    for seed in 0..games {
        let options = Options::new(players, Side::Coloured, None).expect("2 to 4 players");
        let mut g = Game::new(options, seed);
        let mut agents: Vec<_> = (0..players).map(|p| agent_from_spec(&spec, seed * 7 + p as u64).unwrap()).collect();
        while !(g.round() == ROUNDS && g.phase() == Phase::Place) {
            let m = agents[g.current_player()].choose(&g).expect("a move");
            g.play(&m).expect("legal");
        }
        at_start.add(&g);
        // Positions before the first the exact solve values (after it, all are valued in practice).
        let mut solved = false;
        while !g.is_over() {
            all.add(&g);
            solved = solved || exact::solve(&g, &SearchConfig::default(), exact::DEFAULT_NODE_BUDGET, &stop).is_some();
            if !solved {
                unsolved.add(&g);
            }
            let m = agents[g.current_player()].choose(&g).expect("a move");
            g.play(&m).expect("legal");
        }
    }
    println!("{games} games, {players} players, {spec}");
    println!("{}", at_start.line("at the start of the last placing"));
    println!("{}", all.line("at every move of the last placing"));
    println!("{}", unsolved.line("where the exact solve does not reach"));
}

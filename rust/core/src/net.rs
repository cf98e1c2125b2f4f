//! A policy + value network over a game's feature encoding, read from a
//! safetensors file and evaluated on the CPU (ndarray; its matrix products go
//! through matrixmultiply). The network is data: its file says which game and
//! encoding it reads, its sizes, and how it was made (the manifest, kept in
//! the file's metadata and beside it as JSON).
//!
//! The shape, written by `pavilion train` (PyTorch) and read here:
//! - `trunk.{i}`: linear layers over the position features, each followed by a
//!   ReLU; the last one's output `h` is the position's summary. A network that
//!   sees the board (`board_features` in its metadata, 0 where absent) has
//!   its first layer take that many more inputs after the position's: the
//!   board's features, counts, given as the indices of those lit, each as
//!   often as it counts (`Game::encode_board`). A position lights a few
//!   hundred of thousands, so the layer adds those rows of weights rather
//!   than multiplying thousands of zeros (the idea of chess's NNUE, without
//!   its incremental update).
//! - `value.{i}`: linear layers over `h` (ReLU between them) to either two
//!   numbers, the mover's win logit (its win probability is the logistic of
//!   it) and its score margin as `MARGIN_SCALE · tanh(x)`; or, a network that
//!   values every seat (`2 · MAX_PLAYERS` numbers), a win logit per seat then
//!   a margin per seat, seats ordered from the mover as the encodings order
//!   them: the win shares are the softmax of the logits of the seats in the
//!   game, so they sum to 1 and say who among the others is ahead.
//! - `policy.{i}`: linear layers (ReLU between them) over `h` joined with one
//!   legal move's features, to that move's logit; a softmax over the legal
//!   moves gives the priors.
//!
//! Weights are PyTorch's `nn.Linear` layout: `weight` is `[out, in]`, `bias` `[out]`, all `F32`.

use std::collections::HashMap;

use ndarray::{s, Array1, Array2, ArrayView1, ArrayView2};
use safetensors::{Dtype, SafeTensors};

use crate::error::Error;
use crate::game::{Values, MAX_PLAYERS};
use crate::search::MARGIN_SCALE;

/// The file format's name and version, in the metadata.
pub const NET_FORMAT: &str = "pavilion-net";
pub const NET_VERSION: u32 = 1;
/// Largest network file read (a shipped network is a few hundred KB).
pub const MAX_NET_BYTES: usize = 64 << 20;

/// What a network file says about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct NetInfo {
    pub game: String,
    pub encoding_version: u32,
    pub position_features: usize,
    pub move_features: usize,
    /// The manifest as written (JSON): data, steps, seed, commit...
    pub manifest: String,
    /// The share of a rollout's outcome beside the network's value that a
    /// search it guides takes when its spec gives no `mix=`: part of how the
    /// network is meant to be used, measured in arenas and written by
    /// `pavilion train --mix` (metadata `mix`; 0 where absent).
    pub mix: f64,
    /// Whether the value head values every seat (`2 · MAX_PLAYERS` outputs)
    /// rather than the mover alone (2 outputs), as its last layer's width says.
    pub seat_values: bool,
    /// The board features the first layer reads after the position's (0: none).
    pub board_features: usize,
}

/// The value head's outputs in a network that values every seat.
pub const SEAT_VALUE_OUTPUTS: usize = 2 * MAX_PLAYERS;

/// A position's features and its network's first-layer sums over them
/// ([`Net::anchor`]), from which positions near it are valued cheaply
/// ([`Net::values_near`]).
#[derive(Clone, Debug)]
pub struct Anchor {
    position: Vec<f32>,
    sums: Array1<f32>,
}

#[derive(Clone)]
struct Linear {
    /// `[in, out]`: the transpose of PyTorch's weight, so a row batch is `x · w`.
    w: Array2<f32>,
    b: Array1<f32>,
}

impl Linear {
    fn apply(&self, x: ArrayView2<f32>) -> Array2<f32> {
        x.dot(&self.w) + &self.b
    }

    /// One row: the bias plus each input times its row of `w`. A search asks
    /// one position's value at a time, and a one-row matrix product spends
    /// most of its time packing the weights for a batch that is not there
    /// (measured: 20 µs of a value's 22.6 at the opening of Akropolis, with a
    /// 290·128·128 trunk); rows of `w` are contiguous, and the inputs that
    /// are 0 (a ReLU's, most features) cost nothing: skipping them changes
    /// nothing, as every weight was checked finite when read. `x` may be
    /// shorter than the layer's inputs: the rest count as 0.
    fn apply_one(&self, x: ArrayView1<f32>) -> Array1<f32> {
        assert!(x.len() <= self.w.nrows(), "inputs");
        self.apply_terms(&lit(x.as_slice().expect("contiguous")))
    }

    /// The bias plus `k` times row `i` of `w` for each `(i, k)` of `terms`,
    /// in their order.
    fn apply_terms(&self, terms: &[(usize, f32)]) -> Array1<f32> {
        let mut out = self.b.to_vec();
        accumulate(&mut out, self.w.as_slice().expect("standard layout"), terms);
        Array1::from(out)
    }
}

/// The inputs of `x` that are not 0, as `(index, value)`: those are all a
/// layer's sum needs (every weight was checked finite when read).
fn lit(x: &[f32]) -> Vec<(usize, f32)> {
    x.iter().enumerate().filter(|(_, &xi)| xi != 0.0).map(|(i, &xi)| (i, xi)).collect()
}

/// `out[j] += k · w[i · width + j]` for each `(i, k)` of `terms` in turn, for
/// every output j (`width` is `out`'s length). Outputs are taken a block at a
/// time, the block's sums held in registers while the rows go by: adding row
/// after row to `out` in memory spent most of the time loading and storing
/// `out` (a Summer Pavilion value lights about 130 of 1,414 inputs, then
/// about half of each hidden layer's). Each output's sum is still taken in
/// the terms' order, one product and one addition at a time, so every
/// machine and vector width computes the same bits (no fused multiply-add,
/// which would round differently). Compiled again for AVX2 and AVX-512,
/// taken where the processor has them (`multiversion`: twice and four times
/// the vector width; the same bits).
#[multiversion::multiversion(targets("x86_64+avx2", "x86_64+avx512f"))]
fn accumulate(out: &mut [f32], w: &[f32], terms: &[(usize, f32)]) {
    const BLOCK: usize = 32;
    let width = out.len();
    let mut start = 0;
    while start + BLOCK <= width {
        let mut sums: [f32; BLOCK] = out[start..start + BLOCK].try_into().expect("a block");
        for &(i, k) in terms {
            let row: &[f32; BLOCK] = w[i * width + start..][..BLOCK].try_into().expect("a block");
            for (s, &r) in sums.iter_mut().zip(row) {
                *s += k * r;
            }
        }
        out[start..start + BLOCK].copy_from_slice(&sums);
        start += BLOCK;
    }
    for (j, o) in out.iter_mut().enumerate().skip(start) {
        for &(i, k) in terms {
            *o += k * w[i * width + j];
        }
    }
}

fn relu(mut x: Array2<f32>) -> Array2<f32> {
    x.mapv_inplace(|v| v.max(0.0));
    x
}

/// Layers applied in turn, ReLU between them (and after the last when `relu_last`).
fn run(layers: &[Linear], mut x: Array2<f32>, relu_last: bool) -> Array2<f32> {
    for (i, l) in layers.iter().enumerate() {
        x = l.apply(x.view());
        if relu_last || i + 1 < layers.len() {
            x = relu(x);
        }
    }
    x
}

/// [`run`] for one row.
fn run_one(layers: &[Linear], mut x: Array1<f32>, relu_last: bool) -> Array1<f32> {
    for (i, l) in layers.iter().enumerate() {
        x = l.apply_one(x.view());
        if relu_last || i + 1 < layers.len() {
            x.mapv_inplace(|v| v.max(0.0));
        }
    }
    x
}

/// What a game's encoding is, for a network to check it reads that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodingInfo {
    pub game: &'static str,
    pub version: u32,
    pub position_features: usize,
    pub move_features: usize,
    /// The board features (`Game::encode_board`) a network may read besides
    /// the position's: indices below this (0 where the game has none).
    pub board_features: usize,
    /// The seats the board features come in, seat by seat from the mover's,
    /// each as many: a network may keep the rows of the first seats alone
    /// (a 2-player network, the first two), and the features past them are
    /// never lit in its games.
    pub board_seats: usize,
    /// Earlier versions whose position features are the first ones of this
    /// version's (an encoding grows by appending), as (version, position
    /// features): a network trained on one of them reads that prefix.
    pub prefixes: &'static [(u32, usize)],
}

impl NetInfo {
    /// The player count of the games the network learned from, where its
    /// manifest says (`data.players`, as `pavilion train` writes it).
    pub fn players(&self) -> Option<usize> {
        let manifest: serde_json::Value = serde_json::from_str(&self.manifest).ok()?;
        manifest.get("data")?.get("players")?.as_u64().map(|p| p as usize)
    }
}

/// A network shipped inside a game's binary (`net=default`): the player
/// count it is for, its folder in the repository (manifest, arena figures
/// beside the file) and its bytes, read once, the first time a search asks
/// for it.
pub struct ShippedNet {
    /// The games it is for: those of this many players (its manifest's `data.players`).
    pub players: usize,
    /// The folder, from the repository's root (`seeds/nets/...`).
    pub folder: &'static str,
    /// The file's bytes (`include_bytes!` of the folder's `net.safetensors`).
    pub bytes: &'static [u8],
    net: std::sync::OnceLock<std::sync::Arc<Net>>,
}

impl ShippedNet {
    pub const fn new(players: usize, folder: &'static str, bytes: &'static [u8]) -> ShippedNet {
        ShippedNet { players, folder, bytes, net: std::sync::OnceLock::new() }
    }

    /// The network of `nets` (a game's shipped networks, the first its
    /// 2-player one) for games of `players` seats: the one for that count
    /// where one ships, else the first.
    pub fn for_players(nets: &'static [ShippedNet], players: usize) -> std::sync::Arc<Net> {
        nets.iter().find(|n| n.players == players).unwrap_or(&nets[0]).get()
    }

    /// The network, read on first use; a game's tests read it, so a bad file fails them.
    pub fn get(&self) -> std::sync::Arc<Net> {
        self.net
            .get_or_init(|| std::sync::Arc::new(Net::from_bytes(self.bytes).expect("the shipped network reads")))
            .clone()
    }

    /// Checks, for a game's tests, that the network reads `encoding`, that
    /// it learned from games of its player count, that `folder` holds the
    /// embedded file (the crate is at `manifest_dir`, two folders below the
    /// repository's root) and that it is read once.
    pub fn check(&self, encoding: &EncodingInfo, manifest_dir: &str) -> Result<(), String> {
        self.get().check_game(encoding).map_err(|e| e.to_string())?;
        if self.get().info.players() != Some(self.players) {
            return Err(format!("{}: its manifest's data.players is not {}", self.folder, self.players));
        }
        let path = format!("{manifest_dir}/../../{}/net.safetensors", self.folder);
        let named = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
        if named != self.bytes {
            return Err(format!("{path} is not the embedded network"));
        }
        if !std::sync::Arc::ptr_eq(&self.get(), &self.get()) {
            return Err("the shipped network is read more than once".into());
        }
        Ok(())
    }
}

/// A loaded policy + value network.
#[derive(Clone)]
pub struct Net {
    pub info: NetInfo,
    trunk: Vec<Linear>,
    value: Vec<Linear>,
    policy: Vec<Linear>,
}

fn bad(what: impl std::fmt::Display) -> Error {
    Error::Notation(format!("network file: {what}"))
}

fn meta<'a>(m: &'a HashMap<String, String>, key: &str) -> Result<&'a str, Error> {
    m.get(key).map(String::as_str).ok_or_else(|| bad(format!("the metadata has no \"{key}\"")))
}

fn meta_number(m: &HashMap<String, String>, key: &str) -> Result<usize, Error> {
    let text = meta(m, key)?;
    text.parse().map_err(|_| bad(format!("\"{key}\" must be a whole number, not {}", crate::error::quote(text))))
}

/// The metadata's `mix`, a number from 0 to 1 (0 where the file has none).
fn meta_mix(m: &HashMap<String, String>) -> Result<f64, Error> {
    let Some(text) = m.get("mix") else { return Ok(0.0) };
    text.parse::<f64>()
        .ok()
        .filter(|x| (0.0..=1.0).contains(x))
        .ok_or_else(|| bad(format!("\"mix\" must be a number from 0 to 1, not {}", crate::error::quote(text))))
}

/// The layers `{prefix}.0`, `{prefix}.1`, ... in order, checked to chain from `inputs` numbers.
fn layers(st: &SafeTensors<'_>, prefix: &str, inputs: usize) -> Result<Vec<Linear>, Error> {
    let mut out = Vec::new();
    let mut width = inputs;
    while let Ok(w) = st.tensor(&format!("{prefix}.{}.weight", out.len())) {
        let name = format!("{prefix}.{}", out.len());
        let b = st.tensor(&format!("{name}.bias")).map_err(|_| bad(format!("{name} has no bias")))?;
        if w.dtype() != Dtype::F32 || b.dtype() != Dtype::F32 {
            return Err(bad(format!("{name} must be F32")));
        }
        let (shape, bias_shape) = (w.shape().to_vec(), b.shape().to_vec());
        if shape.len() != 2 || shape[1] != width || bias_shape != [shape[0]] {
            return Err(bad(format!("{name} has shape {shape:?} and bias {bias_shape:?}; it takes {width} inputs")));
        }
        // Subnormal weights (below 1.2e-38) are read as 0. Training leaves many
        // (a third of some shipped networks': weight decay shrinks the weights
        // of inputs that rarely fire towards 0), and on many x86 processors
        // every product with one takes a slow microcode path: the Akropolis
        // networks' value ran 10 to 20 times slower on such a machine. As 0
        // they change no output by more than about 1e-36.
        let floats = |bytes: &[u8]| -> Vec<f32> {
            let flush = |x: f32| if x.is_subnormal() { 0.0 } else { x };
            bytes.chunks_exact(4).map(|c| flush(f32::from_le_bytes([c[0], c[1], c[2], c[3]]))).collect()
        };
        let (weights, bias) = (floats(w.data()), floats(b.data()));
        if weights.iter().chain(&bias).any(|x| !x.is_finite()) {
            return Err(bad(format!("{name} holds a value that is not finite")));
        }
        let torch = Array2::from_shape_vec((shape[0], shape[1]), weights).expect("shape checked");
        out.push(Linear { w: torch.reversed_axes().as_standard_layout().to_owned(), b: Array1::from(bias) });
        width = shape[0];
    }
    if out.is_empty() {
        return Err(bad(format!("no {prefix} layers ({prefix}.0.weight)")));
    }
    Ok(out)
}

impl Net {
    /// Reads a network from a safetensors file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, Error> {
        if bytes.len() > MAX_NET_BYTES {
            return Err(bad(format!("larger than {} MB", MAX_NET_BYTES >> 20)));
        }
        let (_, metadata) = SafeTensors::read_metadata(bytes).map_err(|e| bad(format!("not safetensors ({e})")))?;
        let empty = HashMap::new();
        let m = metadata.metadata().as_ref().unwrap_or(&empty);
        if meta(m, "format")? != NET_FORMAT {
            return Err(bad(format!("\"format\" must be \"{NET_FORMAT}\"")));
        }
        let version = meta_number(m, "version")?;
        if version != NET_VERSION as usize {
            return Err(bad(format!("version {version} is not read here (this build reads {NET_VERSION})")));
        }
        let info = NetInfo {
            game: meta(m, "game")?.to_string(),
            encoding_version: meta_number(m, "encoding_version")? as u32,
            position_features: meta_number(m, "position_features")?,
            move_features: meta_number(m, "move_features")?,
            manifest: m.get("manifest").cloned().unwrap_or_default(),
            mix: meta_mix(m)?,
            seat_values: false,
            board_features: if m.contains_key("board_features") { meta_number(m, "board_features")? } else { 0 },
        };
        let st = SafeTensors::deserialize(bytes).map_err(|e| bad(format!("not safetensors ({e})")))?;
        let trunk = layers(&st, "trunk", info.position_features + info.board_features)?;
        let h = trunk.last().expect("a layer").b.len();
        let value = layers(&st, "value", h)?;
        let mut info = info;
        match value.last().expect("a layer").b.len() {
            2 => {}
            SEAT_VALUE_OUTPUTS => info.seat_values = true,
            _ => {
                return Err(bad(format!(
                    "the value head must end in 2 numbers (the mover's win logit and margin) or \
                     {SEAT_VALUE_OUTPUTS} (a win logit and a margin for each of {MAX_PLAYERS} seats)"
                )))
            }
        }
        let policy = layers(&st, "policy", h + info.move_features)?;
        if policy.last().expect("a layer").b.len() != 1 {
            return Err(bad("the policy head must end in 1 number (the move's logit)"));
        }
        Ok(Net { info, trunk, value, policy })
    }

    /// Reads a network file.
    pub fn load(path: &std::path::Path) -> Result<Net, Error> {
        use std::io::Read;
        let quoted = crate::error::quote(&path.display().to_string());
        let failed = |e: std::io::Error| Error::Notation(format!("network {quoted}: {e}"));
        // Read at most one byte past the limit: a device or a pipe has no size to check first.
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .map_err(failed)?
            .take(MAX_NET_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(failed)?;
        if bytes.len() > MAX_NET_BYTES {
            return Err(bad(format!("{quoted} is larger than {} MB", MAX_NET_BYTES >> 20)));
        }
        Net::from_bytes(&bytes).map_err(|e| Error::Notation(format!("{quoted}: {e}")))
    }

    /// Checks the network reads this game's encoding.
    pub fn check_game(&self, e: &EncodingInfo) -> Result<(), Error> {
        let i = &self.info;
        let mut versions = std::iter::once((e.version, e.position_features)).chain(e.prefixes.iter().copied());
        let same = i.game == e.game
            && i.move_features == e.move_features
            && versions.any(|v| v == (i.encoding_version, i.position_features));
        if !same {
            return Err(Error::InvalidOptions(format!(
                "the network reads {} encoding {} ({} + {} features), not {} encoding {} ({} + {})",
                crate::error::quote(&i.game),
                i.encoding_version,
                i.position_features,
                i.move_features,
                e.game,
                e.version,
                e.position_features,
                e.move_features
            )));
        }
        let seat = e.board_features / e.board_seats.max(1);
        let seats_kept = i.board_features > 0
            && i.board_features <= e.board_features
            && seat > 0
            && i.board_features.is_multiple_of(seat);
        if i.board_features != 0 && (!seats_kept || i.encoding_version != e.version) {
            return Err(Error::InvalidOptions(format!(
                "the network reads {} board features of {} encoding {}, not the {} of encoding {} \
                 ({} a seat)",
                i.board_features,
                crate::error::quote(&i.game),
                i.encoding_version,
                e.board_features,
                e.version,
                seat
            )));
        }
        Ok(())
    }

    /// The trunk's output for a position's features (the first
    /// `position_features` of them: an encoding's later versions append to
    /// it) and its board's (the indices of those lit, each as often as it
    /// counts; none for a network that does not see the board).
    fn trunk(&self, position: &[f32], board: &[u32]) -> Array1<f32> {
        self.trunk_from(self.first_sums(position), board)
    }

    /// The first layer's sums over a position's features (the first
    /// `position_features`), before the board's.
    fn first_sums(&self, position: &[f32]) -> Array1<f32> {
        let n = self.info.position_features;
        assert!(position.len() >= n, "position features");
        self.trunk[0].apply_terms(&lit(&position[..n]))
    }

    /// The trunk's output from its first layer's sums over the position's
    /// features: the board's rows added, then the ReLU and the layers after.
    fn trunk_from(&self, mut sums: Array1<f32>, board: &[u32]) -> Array1<f32> {
        let n = self.info.position_features;
        // Features past the network's are those of seats it never saw (a
        // 2-player network in a larger game): they count as 0. A feature lit
        // k times adds its row k times: once, times k, where the encoding
        // gives them in a run.
        let mut terms = Vec::new();
        let mut i = 0;
        while i < board.len() {
            let run = board[i..].iter().take_while(|&&j| j == board[i]).count();
            if (board[i] as usize) < self.info.board_features {
                terms.push((n + board[i] as usize, run as f32));
            }
            i += run;
        }
        let first = &self.trunk[0];
        accumulate(sums.as_slice_mut().expect("contiguous"), first.w.as_slice().expect("standard layout"), &terms);
        sums.mapv_inplace(|v| v.max(0.0));
        run_one(&self.trunk[1..], sums, true)
    }

    /// A position's features (the first `position_features`: an
    /// encoding's later versions append to them) and the first layer's sums
    /// over them, kept for [`Net::values_near`].
    pub fn anchor(&self, position: &[f32]) -> Anchor {
        let sums = self.first_sums(position);
        Anchor { position: position[..self.info.position_features].to_vec(), sums }
    }

    /// [`Net::values_seeing`] for a position near `anchor`'s (an anchor this
    /// network made): its first layer's sums are the anchor's plus the rows
    /// of the features that differ, times the difference (chess's NNUE idea,
    /// between siblings rather than along a game). The positions after each of a node's moves
    /// differ from one another in a dozen or so of the hundred and more
    /// features each lights, so a rerank adds a tenth of the rows. A
    /// position further away than it is from nothing is valued afresh. The
    /// values equal [`Net::values_seeing`]'s up to the rounding of the sums'
    /// other order (about 1e-6).
    pub fn values_near(&self, anchor: &Anchor, position: &[f32], board: &[u32], players: usize) -> (Values, Values) {
        let n = self.info.position_features;
        assert!(position.len() >= n && anchor.position.len() == n, "position features");
        let position = &position[..n];
        let changed: Vec<(usize, f32)> = position
            .iter()
            .zip(&anchor.position)
            .enumerate()
            .filter(|(_, (x, a))| x != a)
            .map(|(i, (x, a))| (i, x - a))
            .collect();
        if changed.len() >= position.iter().filter(|&&x| x != 0.0).count() {
            return self.values_seeing(position, board, players);
        }
        let mut sums = anchor.sums.clone();
        accumulate(
            sums.as_slice_mut().expect("contiguous"),
            self.trunk[0].w.as_slice().expect("standard layout"),
            &changed,
        );
        self.head(self.trunk_from(sums, board), players)
    }

    /// Each seat's win probability and expected margin (points) at a
    /// position of `players` seats, from its features, seats ordered from the
    /// mover (index 0) and padded with zeros. A network of the mover's value
    /// alone leaves the rest of the win to the others in equal shares, and
    /// gives each of them the mover's margin negated.
    pub fn values(&self, position: &[f32], players: usize) -> (Values, Values) {
        self.values_seeing(position, &[], players)
    }

    /// [`Net::values`] with the board's features (`Game::encode_board`),
    /// which a network that sees the board reads and others leave.
    pub fn values_seeing(&self, position: &[f32], board: &[u32], players: usize) -> (Values, Values) {
        self.head(self.trunk(position, board), players)
    }

    /// The value head's reading of the trunk's output `h` ([`Net::values`]).
    fn head(&self, h: Array1<f32>, players: usize) -> (Values, Values) {
        assert!((1..=MAX_PLAYERS).contains(&players), "players");
        let v = run_one(&self.value, h, false);
        let (mut wins, mut margins) = ([0.0; MAX_PLAYERS], [0.0; MAX_PLAYERS]);
        if self.info.seat_values {
            let logits = &v.as_slice().expect("contiguous")[..players];
            let top = logits.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b));
            let exp: Vec<f64> = logits.iter().map(|&l| f64::from(l - top).exp()).collect();
            let total: f64 = exp.iter().sum();
            for s in 0..players {
                wins[s] = exp[s] / total;
                margins[s] = MARGIN_SCALE * f64::from(v[MAX_PLAYERS + s]).tanh();
            }
        } else {
            let win = 1.0 / (1.0 + (-f64::from(v[0])).exp());
            let margin = MARGIN_SCALE * f64::from(v[1]).tanh();
            for s in 0..players {
                (wins[s], margins[s]) =
                    if s == 0 { (win, margin) } else { ((1.0 - win) / (players - 1) as f64, -margin) };
            }
        }
        (wins, margins)
    }

    /// The mover's win probability and expected margin (points) at a
    /// position of `players` seats ([`Net::values`]' first seat).
    pub fn value(&self, position: &[f32], players: usize) -> (f64, f64) {
        let (wins, margins) = self.values(position, players);
        (wins[0], margins[0])
    }

    /// A probability per legal move (`moves`: one row of move features per
    /// move, row after row), summing to 1; none without moves.
    pub fn priors(&self, position: &[f32], moves: &[f32]) -> Vec<f32> {
        self.priors_seeing(position, &[], moves)
    }

    /// [`Net::priors`] with the board's features, as [`Net::values_seeing`].
    pub fn priors_seeing(&self, position: &[f32], board: &[u32], moves: &[f32]) -> Vec<f32> {
        let m = self.info.move_features;
        assert_eq!(moves.len() % m, 0, "move features");
        let n = moves.len() / m;
        if n == 0 {
            return Vec::new();
        }
        let h = self.trunk(position, board);
        // The first policy layer over [h, move]: h's part is the same for every move.
        let first = &self.policy[0];
        let hw = first.apply_one(h.view());
        let rows = ArrayView2::from_shape((n, m), moves).expect("rows of move features");
        let mut x = rows.dot(&first.w.slice(s![h.len().., ..]));
        x += &hw;
        if self.policy.len() > 1 {
            x = run(&self.policy[1..], relu(x), false);
        }
        let logits = x.column(0);
        let top = logits.fold(f32::NEG_INFINITY, |a, &b| a.max(b));
        let exp: Vec<f32> = logits.iter().map(|&l| (l - top).exp()).collect();
        let total: f32 = exp.iter().sum();
        exp.into_iter().map(|e| e / total).collect()
    }
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Net({:?})", self.info)
    }
}

#[cfg(test)]
#[path = "net_tests.rs"]
pub(crate) mod tests;

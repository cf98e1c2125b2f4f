// The web board's page: it draws what the server sends (the engine's own SVG),
// matches clicks to the legal moves the server lists, and sends moves in the
// game's notation. The rules live in the engine; nothing here decides a move.
// The protocol: docs/web.md.

const $ = (id) => document.getElementById(id);
const KEY = "pavilion-game";
let socket = null;
let hello = null;
let state = null;
let review = null;
let evaluation = null;
let ranges = null; // Summer Pavilion's last round: the proven final scores of the position shown
let site = null; // Akropolis: the site slot chosen
let rot = 0; // Akropolis: the ghost's rotation
let hover = null; // Akropolis: the hex under the mouse [q, r]
let view = null; // the board's viewBox [x, y, w, h] when zoomed or panned
let showEval = true;
// Search budgets (seconds a position), which the address may set: ?hint=2&review=0.2.
const params = new URLSearchParams(location.search);
const HINT_SECONDS = Number(params.get("hint")) || 2;
const REVIEW_SECONDS = Number(params.get("review")) || 0.2;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onmessage = (e) => receive(JSON.parse(e.data));
  socket.onclose = () => say("the connection to the server is closed: reload the page to take the game up again", true);
}

function say(text, bad = false) {
  const s = $("status");
  s.textContent = text || "";
  s.classList.toggle("error", bad);
}

function receive(m) {
  switch (m.type) {
    case "hello":
      hello = m;
      fillStart();
      if (sessionStorage.getItem(KEY)) send({ type: "resume", id: sessionStorage.getItem(KEY) });
      else if (m.start) send({ type: "start" });
      else showStart();
      break;
    case "state":
      if (!state || state.id !== m.id) { review = null; evaluation = null; ranges = null; view = null; }
      if (!state || state.id !== m.id || state.moves.length !== m.moves.length) site = null; // a new turn: choose again
      state = m;
      window.pavilionState = m; // what the page shows, for scripts that drive it (the browser tests)
      sessionStorage.setItem(KEY, m.id);
      if (m.evaluation) evaluation = m.evaluation;
      render();
      break;
    case "thinking":
      thinking(m);
      break;
    case "analysis":
      evaluation = m;
      renderAnalysis();
      break;
    case "ranges":
      ranges = m;
      renderFacts();
      break;
    case "review":
      review = m;
      renderReview();
      renderMoves();
      break;
    case "saved":
      say(m.said || `saved in ${m.path}`);
      if (m.record && pendingDownload) download(m.record);
      pendingDownload = false;
      break;
    case "error":
      if (!state && sessionStorage.getItem(KEY)) {
        sessionStorage.removeItem(KEY);
        showStart();
        $("start-error").textContent = m.message;
      } else if (!state) {
        $("start-error").textContent = m.message;
      } else {
        say(`✗ ${m.message}`, true);
      }
      break;
  }
}

// ---- the start page ---------------------------------------------------------------

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

function fillStart() {
  const game = $("f-game");
  game.replaceChildren(...hello.games.map((g) => option(g.name, g.title)));
  game.onchange = gameChanged;
  $("f-players").onchange = seatsChanged;
  gameChanged();
}

function chosenGame() {
  return hello.games.find((g) => g.name === $("f-game").value);
}

function gameChanged() {
  const g = chosenGame();
  $("f-level").replaceChildren(
    ...Object.entries(g.levels).map(([name, n]) => option(name, `${name} (${n.toLocaleString()} iterations a move)`, name === g.default_level)),
  );
  const box = $("f-options");
  box.replaceChildren(box.querySelector("legend"));
  for (const o of g.options) {
    const label = document.createElement("label");
    label.textContent = `${o.label} `;
    let input;
    if (o.choices) {
      input = document.createElement("select");
      input.replaceChildren(...o.choices.map((c, i) => option(c, c, i === 0)));
    } else if (o.flag) {
      input = document.createElement("input");
      input.type = "checkbox";
    } else {
      input = document.createElement("input");
      input.placeholder = o.text || "";
    }
    input.dataset.option = o.name;
    label.append(input);
    box.append(label);
  }
  seatsChanged();
}

function seatsChanged() {
  const n = Number($("f-players").value);
  const box = $("f-seats");
  const kinds = ["human", ...hello.agents];
  box.replaceChildren(box.querySelector("legend"));
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.textContent = `P${i + 1} `;
    const select = document.createElement("select");
    select.dataset.seat = i;
    select.replaceChildren(...kinds.map((k) => option(k, k, k === (i === 0 ? "human" : "mcts"))));
    const spec = document.createElement("input");
    spec.dataset.spec = i;
    spec.placeholder = "options, e.g. time=2";
    spec.title = "mcts options (else the level's)";
    label.append(select, spec);
    box.append(label);
  }
}

function startGame(e) {
  e.preventDefault();
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => {
    const extra = document.querySelector(`[data-spec="${s.dataset.seat}"]`).value.trim();
    return extra && s.value === "mcts" ? `mcts:${extra}` : s.value;
  });
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const v = input.type === "checkbox" ? input.checked : input.value.trim();
    if (v !== "" && v !== false) options[input.dataset.option] = v;
  }
  const seed = $("f-seed").value.trim();
  $("start-error").textContent = "";
  state = null;
  send({
    type: "new", game: $("f-game").value, players: Number($("f-players").value), seats,
    level: $("f-level").value, seed: seed === "" ? null : Number(seed), options,
  });
}

function openFile() {
  const file = $("f-open").files[0];
  if (!file) return;
  if (file.size > 4 * 1024 * 1024) {
    $("start-error").textContent = `${file.name} is larger than 4 MiB, the most a game file may be`;
    return;
  }
  file.text().then((text) => { state = null; send({ type: "open", name: file.name, text }); });
}

function showStart() {
  $("start").hidden = false;
  $("play").hidden = true;
  $("actions").hidden = true;
  $("title").textContent = "";
}

// ---- the game -----------------------------------------------------------------------

function render() {
  $("start").hidden = true;
  $("play").hidden = false;
  $("actions").hidden = false;
  $("title").textContent = `${state.title} · ${state.players} players · seed ${state.seed}`;
  const board = $("board");
  board.innerHTML = state.svg; // the server's own SVG, built with an XML library from the engine's state
  board.classList.toggle("akropolis", state.game === "akropolis");
  if (view && state.game === "akropolis") board.querySelector("svg").setAttribute("viewBox", view.join(" "));
  // Every part a player points at is reachable by Tab too, and Enter acts on it (as in pavilion board).
  board.querySelectorAll("[data-target]").forEach((el) => el.setAttribute("tabindex", "0"));
  $("zoom").hidden = state.game !== "akropolis";
  say(state.said);
  thinking(state.ai.busy ? { what: state.ai.busy, queued: false } : null);
  $("b-resume").hidden = !state.ai.paused;
  $("pace").value = state.ai.pace;
  $("pace-text").textContent = `${state.ai.pace.toFixed(1)} s`;
  $("save-path").textContent = `This game is saved in ${state.save_path} when its tab closes (or Save).`;
  renderPlayers();
  renderFacts();
  renderTools();
  renderMoves();
  renderAnalysis();
  if (state.game === "akropolis") drawGhost();
}

// How many moves the position on the board has (the game's, or an earlier one while stepping).
function shownPly() {
  return state.shown === null ? state.moves.length : state.shown;
}

function thinking(m) {
  const busy = m && m.what;
  $("thinking").hidden = !busy;
  $("b-stop").disabled = !busy;
  if (!busy) return;
  const who = m.what === "ai" && state && state.to_move !== null ? state.seats[state.to_move].name : "";
  const text = { ai: `${who} is thinking…`, hint: "searching for a hint…", review: "reviewing the game…" }[m.what];
  const done = m.done !== undefined && state ? ` (${m.done} of ${state.moves.length} moves)` : "";
  $("thinking-text").textContent = m.queued ? `${text} (waiting for a free search)` : text + done;
}

function renderPlayers() {
  const rows = state.seats.map((s, i) => {
    const tr = document.createElement("tr");
    tr.dataset.seat = i;
    tr.classList.toggle("to-move", state.to_move === i);
    tr.classList.toggle("viewed", state.game === "akropolis" && viewedSeat() === i);
    const won = state.over && state.winners.includes(i) ? " 🏆" : "";
    const stones = state.game === "akropolis" ? `<td>${state.info.stones[i]} ◆</td>` : "";
    tr.innerHTML = `<td></td><td class="score">${state.scores[i]}</td>${stones}`;
    tr.firstChild.textContent = s.name + won;
    tr.onclick = () => send({ type: "view", seat: i });
    tr.title = state.game === "akropolis" ? "Show this player's city" : "";
    return tr;
  });
  $("players").replaceChildren(...rows);
}

function viewedSeat() {
  return state.view_seat !== null ? state.view_seat : state.to_move !== null ? state.to_move : 0;
}

function renderFacts() {
  const f = state.info;
  const facts = $("facts");
  if (state.game === "summer") {
    facts.innerHTML = `<p>Round ${f.round} of ${f.rounds} · ${f.phase} · wild <b></b> · bag ${f.bag} · tower ${f.tower}</p>`;
    facts.querySelector("b").textContent = f.wild;
    const shown = shownPly();
    if (ranges && ranges.ply === shown) {
      const p = document.createElement("p");
      p.id = "ranges";
      p.textContent = "Proven final scores: " + ranges.ranges.map((r, i) =>
        `P${i + 1} ${r.guaranteed}–${r.best}${r.proven ? ` (${r.proven})` : ""}`).join(", ");
      facts.append(p);
    }
  } else {
    facts.innerHTML = `<p>Round ${f.round} of ${f.rounds} · ${f.stacks_left} stacks left</p>`;
  }
  if (state.over) {
    const p = document.createElement("p");
    p.className = "over";
    p.textContent = `Game over: ${state.winners.map((w) => state.seats[w].name).join(" and ")} won.`;
    facts.append(p);
  }
}

// The pass and bonus choosers (Summer Pavilion), the site's tiles and the rotation (Akropolis).
function renderTools() {
  const box = $("turn-tools");
  box.replaceChildren();
  if (!state.human_to_move) return;
  if (state.game === "summer") {
    if (state.legal.some((m) => m.kind === "pass")) {
      const b = button("Pass… (p)", passPicker);
      b.id = "b-pass";
      box.append(b);
    }
    if (state.info.bonus_owed > 0) {
      const b = button(`Take ${state.info.bonus_owed} bonus tile(s)… (b)`, bonusPicker);
      b.id = "b-bonus";
      box.append(b);
      if (!$("chooser").open) bonusPicker();
    }
  } else {
    const p = document.createElement("p");
    p.textContent = site === null
      ? "Choose a tile of the site (click it, or keys 0-3), then place it on your city; the wheel or r turns it."
      : `Tile ${site} chosen: move it over your city, turn it (wheel or r), click to place.`;
    box.append(p);
  }
}

function button(text, action) {
  const b = document.createElement("button");
  b.textContent = text;
  b.onclick = action;
  return b;
}

function renderMoves() {
  const ol = $("moves");
  const shown = shownPly();
  ol.replaceChildren(...state.moves.map((mv, i) => {
    const li = document.createElement("li");
    li.textContent = mv;
    const mark = review ? review.moves.find((r) => r.ply === i + 1) : null;
    if (mark && mark.mark) {
      const s = document.createElement("span");
      s.className = `mark m${mark.mark.length}`;
      s.textContent = mark.mark;
      li.append(" ", s);
    }
    li.classList.toggle("current", i + 1 === shown);
    li.onclick = () => send({ type: "goto", ply: i + 1 });
    return li;
  }));
  const cur = ol.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderAnalysis() {
  const box = $("analysis");
  const bar = $("evalbar");
  bar.hidden = !showEval;
  const shown = state ? shownPly() : -1;
  if (!evaluation || evaluation.ply !== shown) {
    box.hidden = true;
    $("evalfill").style.height = "50%";
    $("evaltext").textContent = "";
    return;
  }
  const e = evaluation;
  const who = state.seats[e.seat] ? state.seats[e.seat].name : `P${e.seat + 1}`;
  $("evalfill").style.height = `${Math.round(100 * e.win)}%`;
  $("evaltext").textContent = `${Math.round(100 * e.win)}%\n${e.margin >= 0 ? "+" : ""}${e.margin.toFixed(0)}`;
  bar.title = `${who} to move: ${(100 * e.win).toFixed(1)}% to win, margin ${e.margin >= 0 ? "+" : ""}${e.margin.toFixed(1)}`;
  box.hidden = false;
  const others = e.others.map(([m, w]) => `<li><code></code> ${(100 * w).toFixed(0)}%</li>`).join("");
  box.innerHTML = `<p><b>${e.done ? "Best" : "Best so far"}</b>: <code id="a-best"></code> · ${(100 * e.win).toFixed(0)}% to win` +
    ` · margin ${e.margin >= 0 ? "+" : ""}${e.margin.toFixed(1)}${e.exact ? " · proven" : ""} · ${e.iterations.toLocaleString()} iterations</p>` +
    `<p>Line: <code id="a-pv"></code></p><ol start="2">${others}</ol>`;
  box.querySelector("#a-best").textContent = e.best;
  box.querySelector("#a-pv").textContent = e.pv.join(" ");
  box.querySelectorAll("ol code").forEach((c, i) => { c.textContent = e.others[i][0]; });
}

// The win-rate chart: each move's mover's chance before the move, one line per seat; a click goes there.
function renderReview() {
  const box = $("review");
  box.hidden = false;
  const w = 300, h = 120, n = Math.max(1, review.moves.length);
  const colours = ["#c8302a", "#2f6fc0", "#3c9a3c", "#7d3fa0"];
  const x = (ply) => 4 + ((w - 8) * (ply - 1)) / Math.max(1, n - 1);
  const y = (p) => 4 + (h - 8) * (1 - p);
  let lines = "";
  for (let seat = 0; seat < state.players; seat++) {
    const pts = review.moves.filter((m) => m.seat === seat).map((m) => `${x(m.ply).toFixed(1)},${y(m.win_before).toFixed(1)}`);
    lines += `<polyline fill="none" stroke="${colours[seat]}" stroke-width="1.5" points="${pts.join(" ")}"/>`;
  }
  const dots = review.moves.map((m) =>
    `<circle data-ply="${m.ply}" cx="${x(m.ply).toFixed(1)}" cy="${y(m.win_before).toFixed(1)}" r="${m.mark ? 4 : 2.5}" fill="${colours[m.seat]}"><title>${m.ply}. ${m.move}${m.mark ? " " + m.mark : ""}</title></circle>`,
  ).join("");
  box.innerHTML = `<svg id="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><line x1="0" x2="${w}" y1="${y(0.5)}" y2="${y(0.5)}" stroke="#bbb" stroke-dasharray="3"/>${lines}${dots}</svg><ul></ul>`;
  // Names are the record's text: set as text, never as markup.
  box.querySelector("ul").replaceChildren(...review.seats.map((s) => {
    const li = document.createElement("li");
    li.style.color = colours[s.seat];
    li.textContent = `${s.player}: accuracy ${s.accuracy.toFixed(0)}%, ${s.inaccuracies} ?!, ${s.mistakes} ?, ${s.blunders} ??`;
    return li;
  }));
  box.querySelectorAll("circle").forEach((c) => { c.onclick = () => send({ type: "goto", ply: Number(c.dataset.ply) - 1 }); });
}

// ---- Summer Pavilion: clicks on the drawn board ----------------------------------------

function summerClick(target) {
  if (!state.human_to_move) return say("it is not your turn", true);
  if (target.startsWith("supply")) return state.info.bonus_owed ? bonusPicker() : say("no bonus is owed");
  if (target.startsWith("hand")) return;
  const options = state.legal.filter((m) => m.target === target);
  if (options.length === 1) return send({ type: "move", move: options[0].move });
  if (options.length > 1) return choose(`How to pay for ${target.split("-").pop()}?`, options);
  if (target.startsWith("space-")) {
    // No legal way to place there: ask the engine why, for the plainest way to write the move.
    const space = target.split("-")[2];
    const needsColour = space[0] === "C" || !state.info.coloured;
    send({ type: "move", move: space + (needsColour ? (state.info.hand[0] || "B") : "") });
  } else if (target.startsWith("draft-")) {
    const [, source, colour] = target.split("-");
    send({ type: "move", move: source + colour });
  }
}

function choose(title, options) {
  $("chooser-title").textContent = title;
  $("chooser-ok").hidden = true;
  $("chooser-options").replaceChildren(...options.map((m) => {
    const b = button(m.label, () => { $("chooser").close(); send({ type: "move", move: m.move }); });
    b.dataset.move = m.move;
    return b;
  }));
  $("chooser").showModal();
}

// Tick tiles: at most `most` (a pass keeps up to 4) or exactly `exact` (a bonus).
function tilePicker(title, letters, { most = letters.length, exact = null, prefix }) {
  $("chooser-title").textContent = title;
  const picked = new Set();
  const tiles = [...letters].map((letter, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile";
    b.textContent = letter;
    b.style.background = state.info.fills[letter];
    b.style.color = state.info.ink[letter];
    b.dataset.letter = letter;
    b.onclick = () => {
      if (picked.has(i)) picked.delete(i);
      else if (picked.size < (exact || most)) picked.add(i);
      b.classList.toggle("picked", picked.has(i));
    };
    return b;
  });
  $("chooser-options").replaceChildren(...tiles);
  const ok = $("chooser-ok");
  ok.hidden = false;
  ok.onclick = (e) => {
    e.preventDefault();
    const chosen = [...picked].sort((a, b) => a - b).map((i) => letters[i]).join("");
    if (exact !== null && chosen.length !== exact) return say(`choose ${exact} tile(s)`, true);
    $("chooser").close();
    send({ type: "move", move: chosen ? `${prefix}:${chosen}` : prefix });
  };
  $("chooser").showModal();
}

function passPicker() {
  if (!state.human_to_move) return;
  tilePicker("Pass: tick the tiles to keep (at most 4; the rest cost a point each)", state.info.hand, { most: 4, prefix: "pass" });
}

function bonusPicker() {
  if (!state.human_to_move || !state.info.bonus_owed) return;
  tilePicker(`Bonus: tick ${state.info.bonus_owed} tile(s) to take from the supply`, state.info.supply, { exact: state.info.bonus_owed, prefix: "bonus" });
}

// ---- Akropolis: the site and the ghost over the city ---------------------------------

function cityGroup() {
  return $("board").querySelector(`g[id^="city-"]`);
}

function hexCentre(g, q, r) {
  const R = Number(g.dataset.radius);
  return [Number(g.dataset.ox) + 1.5 * q * R, Number(g.dataset.oy) - Math.sqrt(3) * (r + q / 2) * R];
}

function hexAt(g, x, y) {
  const R = Number(g.dataset.radius);
  const fq = (x - Number(g.dataset.ox)) / (1.5 * R);
  const fr = -(y - Number(g.dataset.oy)) / (Math.sqrt(3) * R) - fq / 2;
  // Round in cube coordinates (q + r + s = 0), the exact nearest hex.
  const fs = -fq - fr;
  let q = Math.round(fq), r = Math.round(fr), s = Math.round(fs);
  const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q, r];
}

function svgPoint(e) {
  const svg = $("board").querySelector("svg");
  const p = svg.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

function ghostMove() {
  if (site === null || !hover) return null;
  const text = `${site}@${hover[0]},${hover[1]}/${rot}`;
  return { text, legal: state.legal.find((m) => m.move === text) };
}

function hexPoints(x, y, R) {
  return [...Array(6).keys()].map((k) => `${(x + R * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + R * Math.sin((Math.PI / 3) * k)).toFixed(1)}`).join(" ");
}

function drawGhost() {
  const g = cityGroup();
  const old = document.getElementById("ghost");
  if (old) old.remove();
  markSite();
  const preview = $("preview");
  const mine = g && state.human_to_move && Number(g.dataset.seat) === state.to_move && state.shown === null;
  markSpots(g, mine);
  if (site !== null && site >= state.info.site.length) site = null;
  const gm = mine ? ghostMove() : null;
  if (!gm) { preview.textContent = ""; return; }
  const tile = state.info.site[site];
  const hexes = gm.legal ? gm.legal.hexes : state.info.shapes[rot].map(([dq, dr]) => [hover[0] + dq, hover[1] + dr]);
  const R = Number(g.dataset.radius);
  const ns = "http://www.w3.org/2000/svg";
  const ghost = document.createElementNS(ns, "g");
  ghost.id = "ghost";
  ghost.setAttribute("class", gm.legal ? "legal" : "illegal");
  hexes.forEach(([q, r], i) => {
    const [x, y] = hexCentre(g, q, r);
    const poly = document.createElementNS(ns, "polygon");
    poly.setAttribute("points", hexPoints(x, y, R * 0.95));
    poly.setAttribute("fill", tile.fills[i]);
    ghost.append(poly);
    const t = document.createElementNS(ns, "text");
    t.setAttribute("x", x);
    t.setAttribute("y", y);
    t.setAttribute("fill", tile.ink[i]);
    t.textContent = tile.letters[i];
    ghost.append(t);
  });
  g.append(ghost);
  if (gm.legal) {
    const l = gm.legal;
    const pts = `${l.points >= 0 ? "+" : ""}${l.points} point${Math.abs(l.points) === 1 ? "" : "s"}`;
    const st = l.stones ? `, ${l.stones > 0 ? "+" : ""}${l.stones} stone${Math.abs(l.stones) === 1 ? "" : "s"}` : "";
    preview.textContent = `${gm.text}: ${pts}${st}, level ${l.level}`;
  } else {
    preview.textContent = `${gm.text}: not here (click to see why)`;
  }
}

// The hexes a chosen tile may be anchored on (in some rotation): small green dots.
function markSpots(g, mine) {
  const old = document.getElementById("spots");
  if (old) old.remove();
  if (!mine || site === null) return;
  const ns = "http://www.w3.org/2000/svg";
  const spots = document.createElementNS(ns, "g");
  spots.id = "spots";
  const seen = new Set();
  for (const m of state.legal) {
    const key = m.at.join(",");
    if (m.slot !== site || seen.has(key)) continue;
    seen.add(key);
    const [x, y] = hexCentre(g, m.at[0], m.at[1]);
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", x);
    c.setAttribute("cy", y);
    c.setAttribute("r", Number(g.dataset.radius) * 0.18);
    spots.append(c);
  }
  g.append(spots);
}

function markSite() {
  $("board").querySelectorAll("[data-target^='site-']").forEach((el) => {
    el.classList.toggle("chosen", el.dataset.target === `site-${site}`);
  });
}

function akropolisClick(target, e) {
  if (target && target.startsWith("site-")) {
    site = Number(target.split("-")[1]);
    renderTools();
    return drawGhost();
  }
  const g = cityGroup();
  if (!g || !state.human_to_move) return;
  if (Number(g.dataset.seat) !== state.to_move) return say("this is another player's city: click your row to see yours", true);
  if (site === null) return say("choose a tile of the site first", true);
  if (target && target.startsWith("hex-")) {
    hover = target.split("-").slice(2).join("-").split(",").map(Number);
  } else {
    const p = svgPoint(e);
    hover = hexAt(g, p.x, p.y);
  }
  const gm = ghostMove();
  send({ type: "move", move: gm.text });
}

function turn(by) {
  rot = (rot + by + 6) % 6;
  drawGhost();
}

// Zoom and pan the city by its viewBox, in the page (no round trip).
function zoom(factor) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const [x, y, w, h] = (view || svg.getAttribute("viewBox").split(" ").map(Number));
  const nw = w * factor, nh = h * factor;
  view = [x + (w - nw) / 2, y + (h - nh) / 2, nw, nh];
  svg.setAttribute("viewBox", view.join(" "));
}

let drag = null;
let pendingDownload = false;

function download(text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = `pavilion-${state.game}-${state.seed}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

function step(by) {
  const shown = shownPly();
  const ply = Math.min(state.moves.length, Math.max(0, shown + by));
  send({ type: "goto", ply: ply === state.moves.length ? null : ply });
}

function wire() {
  $("start-form").onsubmit = startGame;
  $("f-open").onchange = openFile;
  $("b-new").onclick = () => { sessionStorage.removeItem(KEY); state = null; showStart(); };
  $("b-hint").onclick = () => send({ type: "hint", seconds: HINT_SECONDS });
  $("b-stop").onclick = () => send({ type: "stop" });
  $("b-resume").onclick = () => send({ type: "resume_ai" });
  $("b-undo").onclick = () => send({ type: "undo" });
  $("b-review").onclick = () => send({ type: "review", seconds: REVIEW_SECONDS });
  $("b-save").onclick = () => send({ type: "save" });
  $("b-download").onclick = () => { pendingDownload = true; send({ type: "save" }); };
  $("s-first").onclick = () => send({ type: "goto", ply: 0 });
  $("s-back").onclick = () => step(-1);
  $("s-next").onclick = () => step(1);
  $("s-last").onclick = () => send({ type: "goto", ply: null });
  $("z-in").onclick = () => zoom(0.8);
  $("z-out").onclick = () => zoom(1.25);
  $("z-fit").onclick = () => { view = null; render(); };
  $("pace").oninput = () => { $("pace-text").textContent = `${Number($("pace").value).toFixed(1)} s`; };
  $("pace").onchange = () => send({ type: "pace", seconds: Number($("pace").value) });
  const board = $("board");
  board.addEventListener("click", (e) => {
    if (!state || (drag && drag.moved)) return;
    const el = e.target.closest("[data-target]");
    const target = el ? el.dataset.target : null;
    if (state.game === "summer") { if (target) summerClick(target); } else akropolisClick(target, e);
  });
  board.addEventListener("keydown", (e) => {
    const el = e.target.closest && e.target.closest("[data-target]");
    if (!el || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    e.stopPropagation();
    if (state.game === "summer") summerClick(el.dataset.target);
    else akropolisClick(el.dataset.target, null);
  });
  board.addEventListener("focusin", (e) => {
    const t = e.target.dataset && e.target.dataset.target;
    if (state && state.game === "akropolis" && t && t.startsWith("hex-")) {
      hover = t.split("-").slice(2).join("-").split(",").map(Number);
      drawGhost();
    }
  });
  board.addEventListener("pointermove", (e) => {
    if (drag) {
      const p = svgPoint(e);
      if (Math.abs(e.clientX - drag.cx) + Math.abs(e.clientY - drag.cy) > 5) drag.moved = true;
      if (drag.moved) {
        const svg = board.querySelector("svg");
        const [x, y, w, h] = view || svg.getAttribute("viewBox").split(" ").map(Number);
        view = [x - (p.x - drag.x), y - (p.y - drag.y), w, h];
        svg.setAttribute("viewBox", view.join(" "));
      }
      return;
    }
    if (!state || state.game !== "akropolis") return;
    const g = cityGroup();
    if (!g) return;
    const p = svgPoint(e);
    const at = hexAt(g, p.x, p.y);
    if (!hover || hover[0] !== at[0] || hover[1] !== at[1]) { hover = at; drawGhost(); }
  });
  board.addEventListener("pointerdown", (e) => {
    if (state && state.game === "akropolis" && (e.button === 1 || e.shiftKey || site === null)) {
      const p = svgPoint(e);
      drag = { x: p.x, y: p.y, cx: e.clientX, cy: e.clientY, moved: false };
    }
  });
  window.addEventListener("pointerup", () => { setTimeout(() => { drag = null; }, 0); });
  board.addEventListener("wheel", (e) => {
    if (!state || state.game !== "akropolis") return;
    e.preventDefault();
    if (e.ctrlKey) zoom(e.deltaY > 0 ? 1.1 : 0.9);
    else turn(e.deltaY > 0 ? 1 : -1);
  }, { passive: false });
  document.addEventListener("keydown", (e) => {
    if (!state || $("start").hidden === false || $("chooser").open || e.target.tagName === "INPUT") return;
    const k = e.key;
    const actions = {
      h: () => $("b-hint").click(), u: () => $("b-undo").click(), s: () => $("b-save").click(), v: () => $("b-review").click(),
      e: () => { showEval = !showEval; renderAnalysis(); }, m: () => { $("moves-box").hidden = !$("moves-box").hidden; },
      n: () => $("b-new").click(), Escape: () => send({ type: "stop" }), Home: () => send({ type: "goto", ply: 0 }),
      End: () => send({ type: "goto", ply: null }), PageUp: () => step(-1), PageDown: () => step(1),
      ArrowLeft: () => step(-1), ArrowRight: () => step(1), p: passPicker, b: bonusPicker,
      r: () => turn(1), R: () => turn(-1), "+": () => zoom(0.8), "-": () => zoom(1.25),
    };
    if (state.game === "akropolis" && /^[0-9]$/.test(k) && Number(k) < state.info.site.length) {
      site = Number(k); renderTools(); drawGhost(); e.preventDefault(); return;
    }
    if (actions[k]) { actions[k](); e.preventDefault(); }
  });
}

wire();
connect();

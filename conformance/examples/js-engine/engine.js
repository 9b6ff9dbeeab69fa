#!/usr/bin/env node
// A small Risk engine in JavaScript (Node.js 20, no dependencies) that speaks the
// riskspec/1 conformance protocol: JSON Lines on stdin/stdout.
//
// It implements a declared subset of classic Risk — reinforcement counts (territories,
// minimum, continent bonuses, placing) and battle resolution (declaring, defending,
// comparing dice, ties, losses) — and says so in its handshake, so that
// `riskspec check --engine "node engine.js"` runs only those cases and reports every
// other rule as "not claimed".  It is an example of an adapter: read a request line,
// answer one response line with the same id; structured errors, never stack traces.
//
// The Python example (../py-engine/engine.py) is the same engine on riskspec's adapter kit
// (riskspec.adapter); both are laid out in the same four sections:
//   1. claims   the handshake        2. rules   the engine proper
//   3. ops      the protocol ops     4. main    the session loop
"use strict";
const readline = require("readline");

// -- 1. claims ---------------------------------------------------------------------------
const CONTINENTS = {
  "north-america": [5, ["alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec",
    "western-united-states", "eastern-united-states", "central-america"]],
  "south-america": [2, ["venezuela", "peru", "brazil", "argentina"]],
  "europe": [5, ["iceland", "scandinavia", "great-britain", "northern-europe", "western-europe",
    "southern-europe", "ukraine"]],
  "africa": [3, ["north-africa", "egypt", "east-africa", "congo", "south-africa", "madagascar"]],
  "asia": [7, ["ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan", "afghanistan",
    "china", "middle-east", "india", "siam"]],
  "australia": [2, ["indonesia", "new-guinea", "western-australia", "eastern-australia"]],
};

const RULES = [
  "classic.reinforce.territory-armies", "classic.reinforce.minimum", "classic.reinforce.continent-bonus",
  "classic.reinforce.count-time", "classic.reinforce.place",
  "classic.attack.declare", "classic.attack.compare", "classic.attack.ties", "classic.attack.losses",
];

const HANDSHAKE = {
  protocol: "riskspec/1",
  engine: { name: "js-mini-risk", version: "0.1.0" },
  capabilities: {
    variants: ["classic"],
    // the readings it plays, once per ambiguity (an ambiguity not listed: the variant's own reading)
    options: { "classic.amb.reinforce-minimum-scope": ["territories"], "classic.amb.tie-rule": ["defender-wins"] },
    ops: ["load_state", "apply", "state", "quit"],
    rules: RULES,
    maps: ["standard"],
  },
};

// -- 2. rules ------------------------------------------------------------------------------
class Illegal extends Error {
  constructor(code, rule, message) { super(message); this.code = code; this.rule = rule; }
}
class Unsupported extends Error {
  constructor(message) { super(message); this.code = "unsupported"; }
}
// a malformed action (error kind invalid-action): the codes of `riskspec codes`
class Invalid extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// the fields of each action it plays, by kind: checked before any rule is
const FIELDS = { "end-turn": {}, "end-attack": {}, place: { territory: "territory" },
  attack: { from: "territory", to: "territory", dice: "count" }, defend: { dice: "count" },
  roll: { attacker: "dice", defender: "dice" } };
const TERRITORIES = new Set(Object.values(CONTINENTS).flatMap(([, names]) => names));

function checkForm(a) {
  const fields = FIELDS[a.type];
  const given = Object.keys(a).filter((k) => k !== "type");
  const want = Object.keys(fields);
  if (given.length !== want.length || !want.every((k) => k in a)) {
    throw new Invalid("fields", `a '${a.type}' has the fields ${want.join(", ") || "none"}`);
  }
  for (const [name, kind] of Object.entries(fields)) {
    const v = a[name], shown = JSON.stringify(v).slice(0, 200);
    if (kind === "territory" && !(typeof v === "string" && TERRITORIES.has(v))) {
      throw new Invalid("unknown-territory", `${name}: no territory of the map is ${shown}`);
    }
    if (kind === "count" && !(Number.isInteger(v) && v >= 1)) {
      throw new Invalid("bad-value", `${name}: ${shown} is not a whole number of at least 1`);
    }
    if (kind === "dice") {
      if (!Array.isArray(v) || !v.length || !v.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
        throw new Invalid("bad-value", `${name}: ${shown} is not a list of die faces 1 to 6`);
      }
      if (v.some((d, i) => i > 0 && d > v[i - 1])) {
        throw new Invalid("dice-order", `${name}: sort the dice from highest to lowest`);
      }
    }
  }
}

let state = null;

function owned(s, seat) {
  return Object.keys(s.territories).filter((t) => s.territories[t].owner === seat);
}

function nextSeat(s, after) {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const seat = (after + k) % n;
    const p = s.players[seat];
    if (!p.neutral && !p.eliminated) return seat;
  }
  throw new Unsupported("nobody left to play");
}

function beginTurn(s, seat, events) {
  s.turn += 1;
  s.current = seat;
  s.turn_flags = { conquered: false, conquests: 0, bonus_taken: false, fortify_moves: 0 };
  events.push({ type: "turn-started", player: seat, turn: s.turn });
  const mine = new Set(owned(s, seat));
  const groups = Object.keys(CONTINENTS).filter((g) => CONTINENTS[g][1].every((t) => mine.has(t)));
  const bonus = groups.reduce((a, g) => a + CONTINENTS[g][0], 0);
  const armies = Math.max(3, Math.floor(mine.size / 3)) + bonus;
  events.push({ type: "reinforcements", player: seat, territories: mine.size, groups, armies });
  if (s.players[seat].cards.length >= 5) throw new Unsupported("forced card trades are not implemented");
  s.phase = "reinforce";
  s.pending = { to_place: armies, forced: null };
}

function need(cond, code, rule, message) {
  if (!cond) throw new Illegal(code, rule, message);
}

function apply(s, a) {
  const ev = [];
  const phaseOf = { "end-turn": "fortify", place: "reinforce", attack: "attack", defend: "defend",
    roll: "battle", "end-attack": "attack" };
  if (!(a.type in phaseOf)) throw new Unsupported(`action ${a.type} is not implemented`);
  checkForm(a);
  need(s.phase === phaseOf[a.type], "wrong-phase", "classic.turn.sequence",
    `a '${a.type}' is not allowed in the ${s.phase} phase`);
  const T = s.territories;
  switch (a.type) {
    case "end-turn":
      if (s.turn_flags.conquered) throw new Unsupported("card draws are not implemented");
      ev.push({ type: "turn-ended", player: s.current, turn: s.turn });
      beginTurn(s, nextSeat(s, s.current), ev);
      break;
    case "place":
      need(T[a.territory] && T[a.territory].owner === s.current, "not-owner", "classic.reinforce.place", "not your territory");
      T[a.territory].armies += 1;
      s.pending.to_place -= 1;
      ev.push({ type: "placed", player: s.current, territory: a.territory, armies: 1 });
      if (s.pending.to_place === 0) { s.phase = "attack"; s.pending = {}; }
      break;
    case "end-attack":
      s.phase = "fortify"; s.pending = {};
      break;
    case "attack": {
      const f = T[a.from], t = T[a.to];
      need(f && f.owner === s.current, "not-owner", "classic.attack.adjacency", "attack from your own territory");
      need(t && t.owner !== s.current, "own-territory", "classic.attack.adjacency", "attack another player's territory");
      need(f.armies >= 2, "too-few-armies", "classic.attack.min-armies", "two armies needed");
      need(a.dice >= 1 && a.dice <= Math.min(3, f.armies - 1), "too-many-dice", "classic.attack.attacker-dice",
        "too many dice");
      ev.push({ type: "attack-declared", player: s.current, from: a.from, to: a.to, dice: a.dice });
      s.phase = "defend";
      s.pending = { from: a.from, to: a.to, attacker_dice: a.dice, chooser: t.owner };
      break;
    }
    case "defend": {
      const t = T[s.pending.to];
      need(a.dice >= 1 && a.dice <= Math.min(2, t.armies), "too-many-dice", "classic.attack.defender-dice",
        "too many dice");
      ev.push({ type: "defence-chosen", player: s.pending.chooser, dice: a.dice });
      s.phase = "battle";
      s.pending = { from: s.pending.from, to: s.pending.to, attacker_dice: s.pending.attacker_dice,
        defender_dice: a.dice };
      break;
    }
    case "roll": {
      const p = s.pending;
      need(a.attacker.length === p.attacker_dice && a.defender.length === p.defender_dice, "dice-count", "classic.attack.compare",
        "wrong number of dice");
      const att = a.attacker, dfd = a.defender;   // sorted high to low (checkForm)
      let al = 0, dl = 0;
      for (let i = 0; i < Math.min(att.length, dfd.length); i++) {
        if (att[i] > dfd[i]) dl++; else al++;   // ties go to the defender
      }
      T[p.from].armies -= al;
      T[p.to].armies -= dl;
      ev.push({ type: "battle", player: s.current, defender: T[p.to].owner, from: p.from, to: p.to,
        attacker_dice: att, defender_dice: dfd, attacker_losses: al, defender_losses: dl });
      if (T[p.to].armies > 0) { s.phase = "attack"; s.pending = {}; }
      else throw new Unsupported("conquest is not implemented");
      break;
    }
  }
  return ev;
}

// -- 3. ops --------------------------------------------------------------------------------
function handle(req) {
  switch (req.op) {
    case "load_state":
      if (req.variant !== "classic") throw new Unsupported(`variant ${req.variant}`);
      if (!req.state || req.state.format !== "riskspec/state@1") {
        const e = new Error("not a riskspec/state@1 state"); e.kind = "invalid-state"; e.code = "format"; throw e;
      }
      state = JSON.parse(JSON.stringify(req.state));
      return { state };
    case "state":
      if (!state) { const e = new Error("no game loaded"); e.kind = "bad-request"; e.code = "no-game"; throw e; }
      return { state };
    case "apply": {
      if (!state) { const e = new Error("no game loaded"); e.kind = "bad-request"; e.code = "no-game"; throw e; }
      const next = JSON.parse(JSON.stringify(state));
      const events = apply(next, req.action || {});
      state = next;                 // an illegal action leaves the state as it was
      return { state, events };
    }
    default:
      throw new Unsupported(`op ${req.op}`);
  }
}

// -- 4. main (the session loop) -------------------------------------------------------------
function reply(obj) { process.stdout.write(JSON.stringify(obj) + "\n"); }

reply(HANDSHAKE);
const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  if (!line.trim()) return;
  let req;
  try { req = JSON.parse(line); } catch (e) {
    reply({ id: null, ok: false, error: { kind: "bad-request", code: "not-json", message: String(e) } });
    return;
  }
  if (req.op === "quit") { reply({ id: req.id, ok: true, result: {} }); rl.close(); return; }
  try {
    reply({ id: req.id, ok: true, result: handle(req) });
  } catch (e) {
    let kind = e.kind || "internal";
    if (e instanceof Illegal) kind = "illegal-action";
    else if (e instanceof Invalid) kind = "invalid-action";
    else if (e instanceof Unsupported) kind = "unsupported";
    const error = { kind, code: e.code || "error", message: e.message };
    if (e.rule) error.rule = e.rule;
    reply({ id: req.id, ok: false, error });
  }
});
rl.on("close", () => process.exit(0));

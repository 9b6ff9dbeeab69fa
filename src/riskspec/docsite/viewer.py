"""The game viewer: a worked example or a game log, stepped through on the map.

:func:`game_of_case` and :func:`game_of_log` replay a game on the reference engine and keep,
for every step, the position (in position notation, ``docs/notation.md``, and as the map's
owners and armies), the action and the events it caused, whose turn it is and the legal
actions there.  :func:`page` writes it as one self-contained HTML file (no network, no
server): forward/back buttons, the arrow keys, a step slider, and a link to the position
shown (``#step=N``; ``#n=LINE`` shows any position written in notation).
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from riskspec import model as m
from riskspec.docsite import boardsvg
from riskspec.errors import RiskspecError

#: the most steps a viewer holds (a log of a long game is cut there, and says so)
MAX_STEPS = 5000
#: the legal actions listed at a step (their count is always given)
LEGAL_SHOWN = 12


class ViewerError(RiskspecError):
    """A game the viewer cannot show (an unknown case, an unreadable log)."""


def _short(action: Mapping[str, Any] | None) -> str:
    from riskspec.wording import SEAT_FIELDS
    if not action:
        return "(no action: the position is checked)"
    parts = []
    for k, v in action.items():
        if k == "type":
            continue
        if k in SEAT_FIELDS and isinstance(v, int) and not isinstance(v, bool):
            parts.append(_seat(v) if k == "player" else f"{k} {_seat(v)}")
        else:
            parts.append(f"{k} {_val(v)}")
    body = ", ".join(parts)
    return f"{action.get('type', '?')}" + (f": {body}" if body else "")


def _val(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{k} {_val(x)}" for k, x in v.items()) + "}"
    return str(v)


def _seat(i: Any) -> str:
    return f"player {i + 1}" if isinstance(i, int) and not isinstance(i, bool) and i >= 0 else "—"


def _frame(E: Any, state: Any, action: Mapping[str, Any] | None, events: Sequence[Any],
           error: str | None = None) -> dict[str, Any]:
    from riskspec.notation import NotationError, write
    data = E.to_dict(state)
    try:
        line: str | None = write(data)
    except NotationError:
        line = None
    who = E.current_player(state)
    legal = E.legal_actions(state) if who >= 0 else []
    outcomes = E.chance_outcomes(state) if who == E.CHANCE else []
    places: dict[str, list[Any]] = {}
    for key in ("territories", "zones"):
        for pid, p in (data.get(key) or {}).items():
            extra = "".join(f" {n}{p[f]}" for f, n in (("generals", "g"), ("fortifications", "f"),
                                                        ("epidemics", "e"), ("admirals", "a"))
                            if p.get(f))
            places[pid] = [p.get("owner"), p.get("armies", p.get("ships", 0)), extra.strip()]
    seats = [{"name": _seat(i), "colour": boardsvg.owner_colour(data, i),
              "reserve": p.get("reserve", 0), "cards": len(p.get("cards", [])),
              "out": bool(p.get("eliminated")), "neutral": bool(p.get("neutral")),
              **({"vp": p["vp"]} if "vp" in p else {})}
             for i, p in enumerate(data["players"])]
    to_act = ("chance" if who == E.CHANCE else "game over" if who == E.TERMINAL
              else _seat(who))
    return {"action": _short(action) if action is not None else None,
            "events": [_short(e) for e in events], "error": error, "notation": line,
            "places": places, "seats": seats, "phase": data.get("phase"), "to_act": to_act,
            "turn": data.get("turn"), "winner": data.get("winner"),
            "legal": [_short(a) for a in (legal or [o for o, _ in outcomes])[:LEGAL_SHOWN]],
            "legal_count": len(legal) if legal else len(outcomes),
            "legal_kind": "chance outcomes" if outcomes else "legal actions"}


def _board_json(board: m.Board) -> dict[str, Any]:
    geo = boardsvg.geometry(board)
    P = geo.points
    vx, vy, vw, vh = boardsvg.view_box(geo, ())
    names = {t.id: t.name for t in board.territories} | {z.id: z.name for z in board.zones}
    lines = []
    for b in board.borders:
        if b.a in P and b.b in P:
            (x1, y1), (x2, y2) = P[b.a], P[b.b]
            wrap = bool(geo.geographic and abs(x1 - x2) > geo.width / 2)
            lines.append([round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1), b.kind,
                          1 if wrap else 0])
    places = [[t.id, names[t.id], round(P[t.id][0], 1), round(P[t.id][1], 1), 0]
              for t in board.territories if t.id in P]
    places += [[z.id, names[z.id], round(P[z.id][0], 1), round(P[z.id][1], 1), 1]
               for z in board.zones if z.id in P]
    return {"title": board.title, "view": [round(vx, 1), round(vy, 1), round(vw, 1), round(vh, 1)],
            "width": round(geo.width, 1), "lines": lines, "places": places,
            "sea": boardsvg.SEA if geo.geographic or board.zones else "#ffffff"}


def game_of_case(case_id: str, vectors: Sequence[Path] | None = None) -> dict[str, Any]:
    """A worked example (conformance case) stepped through on the reference engine."""
    from riskspec.conformance.vectors import load_cases
    from riskspec.docsite.example_render import board_of
    from riskspec.docsite.examples import from_conformance
    from riskspec.errors import UnknownIdError
    from riskspec.loading import load_spec
    from riskspec.model import closest
    cases = {c.id: c for c in load_cases(list(vectors) if vectors else None)}
    case = cases.get(case_id)
    if case is None:
        raise UnknownIdError("case", case_id, closest(case_id, list(cases)))
    spec = load_spec(strict=False)
    board = board_of(from_conformance(case, case.file), spec)
    if board is None:
        raise ViewerError(f"{case_id}: no map to draw it on")
    return game_of(case, board)


def game_of(case: Any, board: m.Board) -> dict[str, Any]:
    """A conformance case replayed on the reference engine, drawn on ``board``."""
    from riskspec.conformance.reference_api import ReferenceAPI
    from riskspec.errors import ActionError
    api = ReferenceAPI()
    E = api.eng
    if case.state is not None:  # the vector files are schema-checked when read
        variant = (api._variant(case.variant, case.map, case.missions)
                   if case.map is not None or case.missions is not None else None)
        state = E.from_dict(dict(case.state), variant, check_schema=False)
    else:
        state = api.new_game(case.variant, case.players, case.options, map=case.map,
                             missions=case.missions)
    frames = [_frame(E, state, None, [])]
    for step in case.steps:
        action = step.get("action")
        if action is None:
            frames.append(_frame(E, state, {}, []))
            continue
        try:
            state, events = E.apply(state, action)
            frames.append(_frame(E, state, action, events))
        except ActionError as exc:
            frames.append(_frame(E, state, action, [], error=f"refused: {exc}"))
        if isinstance(step.get("explain"), str):
            frames[-1]["why"] = step["explain"]
    return {"title": f"{case.id} — {case.title}", "variant": case.variant,
            "board": _board_json(board), "frames": frames, "cut": False}


def game_of_log(path: str | Path) -> dict[str, Any]:
    """A game log (``riskspec/log@2``, as ``riskspec play --log`` writes it), replayed."""
    from riskspec.errors import ActionError
    from riskspec.reference import engine as E
    from riskspec.reference import log as L
    from riskspec.reference.tables import get_explicit_options
    log = L.read_log(path)
    variant = E.get_variant(log["variant"])
    state = E.new_game(variant, list(log["players"]),
                       get_explicit_options(variant, log["options"]))
    frames = [_frame(E, state, None, [])]
    steps = log["steps"]
    for step in steps[:MAX_STEPS]:
        try:
            state, events = E.apply(state, step["action"])
        except ActionError as exc:
            frames.append(_frame(E, state, step["action"], [], error=f"refused: {exc}"))
            break
        frames.append(_frame(E, state, step["action"], events))
    return {"title": f"{Path(path).name} — {variant.title}, {len(log['players'])} players",
            "variant": variant.id, "board": _board_json(variant.board), "frames": frames,
            "cut": len(steps) > MAX_STEPS}


def page(game: Mapping[str, Any]) -> str:
    """The viewer as one self-contained HTML document."""
    data = json.dumps(game, separators=(",", ":")).replace("</", "<\\/")
    return (_HTML.replace("__TITLE__", html.escape(str(game.get("title", "Game viewer"))))
            .replace("__CSS__", CSS).replace("__JS__", JS).replace("__DATA__", data))


_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__ · riskspec viewer</title>
<style>__CSS__</style></head>
<body><div id="rs-viewer" class="rs-viewer"></div>
<script id="rs-game" type="application/json">__DATA__</script>
<script>__JS__</script></body></html>
"""

CSS = """
.rs-viewer{font-family:system-ui,sans-serif;font-size:15px;color:#222;max-width:1400px;margin:0 auto;padding:8px}
.rs-viewer h1{font-size:1.15em;margin:.2em 0 .5em}
.rs-v-main{display:flex;gap:12px;align-items:flex-start}
.rs-v-map{flex:1 1 62%;min-width:0;border:1px solid #ccc;border-radius:6px;background:#fff;overflow-x:auto}
.rs-v-map svg{display:block;width:100%;height:auto}
.rs-v-side{flex:1 1 38%;min-width:0}
.rs-v-bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.rs-v-bar button{font-size:15px;min-width:44px;min-height:36px;border:1px solid #666;border-radius:5px;background:#f4f4f4;cursor:pointer}
.rs-v-bar button:disabled{opacity:.4;cursor:default}
.rs-v-bar input[type=range]{flex:1 1 120px;min-width:80px}
.rs-v-box{border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin:0 0 8px;overflow-wrap:anywhere}
.rs-v-box h2{font-size:.95em;margin:.1em 0 .3em;color:#444}
.rs-v-box ul{margin:.2em 0;padding-left:1.2em}
.rs-v-seat{display:inline-block;width:.9em;height:.9em;border:1px solid #333;border-radius:50%;vertical-align:-.1em;margin-right:.3em}
.rs-v-err{color:#b00020;font-weight:bold}
.rs-v-line{display:flex;gap:6px;align-items:flex-start}
.rs-v-line code{flex:1;font-size:12px;word-break:break-all;background:#f6f6f6;padding:3px 5px;border-radius:4px}
.rs-v-line button{font-size:13px}
@media (max-width:900px){.rs-v-main{flex-direction:column}.rs-v-map,.rs-v-side{width:100%;flex-basis:auto}.rs-v-map svg.rs-v-wide{min-width:760px}}
"""

JS = r"""
window.rsViewer=function(game,root){
root.replaceChildren();
const B=game.board, F=game.frames, NS='http://www.w3.org/2000/svg';
function el(tag,attrs,parent,text){const e=document.createElementNS(NS,tag);for(const k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;if(parent)parent.appendChild(e);return e;}
function h(tag,cls,parent,text){const e=document.createElement(tag);if(cls)e.className=cls;if(text!==undefined)e.textContent=text;if(parent)parent.appendChild(e);return e;}
h('h1','',root,game.title);
const main=h('div','rs-v-main',root), mapBox=h('div','rs-v-map',main), side=h('div','rs-v-side',main);
const v=B.view, svg=el('svg',{viewBox:v.join(' '),role:'img','aria-label':B.title,'font-family':'sans-serif'},mapBox);
if(v[2]>600)svg.setAttribute('class','rs-v-wide');
el('rect',{x:v[0],y:v[1],width:v[2],height:v[3],fill:B.sea},svg);
for(const [x1,y1,x2,y2,kind,wrap] of B.lines){
  const st={stroke:kind==='land'?'#777':'#1f6fb2','stroke-width':1.5};
  if(kind!=='land')st['stroke-dasharray']='6 4';
  if(wrap){const l=x1<x2?[x1,y1,x2,y2]:[x2,y2,x1,y1],ym=(l[1]+l[3])/2;
    el('line',Object.assign({x1:l[0],y1:l[1],x2:v[0],y2:ym},st),svg);el('line',Object.assign({x1:l[2],y1:l[3],x2:v[0]+v[2],y2:ym},st),svg);}
  else el('line',Object.assign({x1,y1,x2,y2},st),svg);}
const spots={};
for(const [id,name,x,y,zone] of B.places){
  const g=el('g',{},svg); el('title',{},g,name);
  const ring=el('circle',{cx:x,cy:y,r:22,fill:'none',stroke:'#f5b800','stroke-width':5,visibility:'hidden'},g);
  const disc=zone?el('ellipse',{cx:x,cy:y,rx:24,ry:13,fill:'#fff',stroke:'#1f6fb2','stroke-dasharray':'4 3'},g)
                 :el('circle',{cx:x,cy:y,r:15,fill:'#fff',stroke:'#333'},g);
  const num=el('text',{x:x,y:y+5,'text-anchor':'middle','font-weight':'bold','font-size':14},g,'');
  const lab=el('text',{x:x,y:y+(zone?27:31),'text-anchor':'middle','font-size':12,fill:'#222',stroke:'#fff','stroke-width':3,'paint-order':'stroke'},g,name.length>16?name.slice(0,15)+'…':name);
  const extra=el('text',{x:x+17,y:y-11,'font-size':11,fill:'#000',stroke:'#fff','stroke-width':2.5,'paint-order':'stroke'},g,'');
  spots[id]={ring,disc,num,extra,zone};}
const bar=h('div','rs-v-bar',side);
const first=h('button','',bar,'« First'),prev=h('button','',bar,'‹ Back'),next=h('button','',bar,'Next ›'),last=h('button','',bar,'Last »');
first.title='first step';prev.title='previous step (←)';next.title='next step (→)';last.title='last step';
const slider=h('input','',bar);slider.type='range';slider.min=0;slider.max=F.length-1;slider.value=0;slider.setAttribute('aria-label','step');
const count=h('span','',bar);
const stepBox=h('div','rs-v-box',side), seatBox=h('div','rs-v-box',side), legalBox=h('div','rs-v-box',side), lineBox=h('div','rs-v-box',side);
let at=0, single=null;
function ink(c){const n=parseInt(c.slice(1),16),r=n>>16,g=(n>>8)&255,b=n&255;return (r*299+g*587+b*114)/1000>140?'#000':'#fff';}
function paint(fr,prevFr){
  const seats=fr.seats||[];
  for(const id in spots){const s=spots[id],p=fr.places[id];
    if(!p){s.disc.setAttribute('fill','#eee');s.num.textContent='';s.extra.textContent='';s.ring.setAttribute('visibility','hidden');continue;}
    const col=(p[0]!==null&&seats[p[0]])?seats[p[0]].colour:'#ffffff';
    s.disc.setAttribute('fill',col);s.num.setAttribute('fill',ink(col));
    s.num.textContent=(s.zone&&!p[1])?'':String(p[1]);s.extra.textContent=p[2]||'';
    const q=prevFr&&prevFr.places[id];const changed=q&&(q[0]!==p[0]||q[1]!==p[1]||q[2]!==p[2]);
    s.ring.setAttribute('visibility',changed?'visible':'hidden');}}
function list(parent,items){const ul=h('ul','',parent);for(const t of items)h('li','',ul,t);return ul;}
function show(i,push){
  at=Math.max(0,Math.min(F.length-1,i));const fr=F[at];
  paint(fr,at>0?F[at-1]:null);
  slider.value=at;count.textContent='step '+at+' of '+(F.length-1)+(game.cut?' (log cut)':'');
  first.disabled=prev.disabled=at===0;next.disabled=last.disabled=at===F.length-1;
  stepBox.replaceChildren();h('h2','',stepBox,at===0?'Start':'Step '+at);
  if(fr.action)h('div','',stepBox,'Action — '+fr.action);else if(at===0)h('div','',stepBox,'The starting position.');
  if(fr.error)h('div','rs-v-err',stepBox,fr.error);
  if(fr.why)h('div','',stepBox,'Why — '+fr.why);
  if(fr.events.length){h('div','',stepBox,'Events:');list(stepBox,fr.events);}
  h('div','',stepBox,'Turn '+fr.turn+', phase '+fr.phase+', to act: '+fr.to_act+(fr.winner!==null&&fr.winner!==undefined?' — winner: player '+(fr.winner+1):''));
  seatBox.replaceChildren();h('h2','',seatBox,'Players');
  for(const s of fr.seats){const d=h('div','',seatBox);const dot=h('span','rs-v-seat',d);dot.style.background=s.colour;
    d.appendChild(document.createTextNode(s.name+(s.neutral?' (neutral)':'')+(s.out?' — eliminated':'')+': reserve '+s.reserve+', cards '+s.cards+(s.vp!==undefined?', VP '+s.vp:'')));}
  legalBox.replaceChildren();h('h2','',legalBox,(fr.legal_count||0)+' '+fr.legal_kind+' here'+(fr.legal_count>fr.legal.length?' (first '+fr.legal.length+')':''));
  if(fr.legal.length)list(legalBox,fr.legal);
  lineBox.replaceChildren();h('h2','',lineBox,'Position notation');
  const row=h('div','rs-v-line',lineBox);h('code','',row,fr.notation||'(not writable)');
  const copy=h('button','',row,'Copy');copy.onclick=()=>{navigator.clipboard&&navigator.clipboard.writeText(fr.notation||'');copy.textContent='Copied';setTimeout(()=>copy.textContent='Copy',1200);};
  const links=h('div','rs-v-bar',lineBox);
  const here=location.href.split('#')[0];
  const l1=h('button','',links,'Copy a link to this step');l1.onclick=()=>{navigator.clipboard&&navigator.clipboard.writeText(here+'#step='+at);l1.textContent='Copied';};
  if(fr.notation){const l2=h('button','',links,'Copy a link to this position');l2.onclick=()=>{navigator.clipboard&&navigator.clipboard.writeText(here+'#n='+encodeURIComponent(fr.notation));l2.textContent='Copied';};}
  if(push!==false)history.replaceState(null,'','#step='+at);}
first.onclick=()=>show(0);prev.onclick=()=>show(at-1);next.onclick=()=>show(at+1);last.onclick=()=>show(F.length-1);
slider.oninput=()=>show(+slider.value);
document.addEventListener('keydown',e=>{if(e.key==='ArrowRight')show(at+1);else if(e.key==='ArrowLeft')show(at-1);});
// a position given in notation (#n=LINE): its board, seats and turn
function fromLine(line){
  const f=line.trim().split(' ');if(f.length<7)throw new Error('a position notation has 7 fields');
  const order=B.places.filter(p=>!p[4]).map(p=>p[0]),zorder=B.places.filter(p=>p[4]).map(p=>p[0]);
  const seats=f[3].split('/');const places={};
  const parts=f[1].split('|');
  function units(txt,ord){if(txt==='-')return;let k=0;for(const tokRaw of txt.split(',')){
    let tok=tokRaw,id=null;const eq=tok.indexOf('=');if(eq>0){id=tok.slice(0,eq);tok=tok.slice(eq+1);}
    const mm=/^([A-Z]|-)(\d+)((?:[gfea]\d+)*)(?:\*(\d+))?$/.exec(tok);if(!mm)throw new Error('bad board token '+tokRaw);
    const times=mm[4]?+mm[4]:1;
    for(let t=0;t<times;t++){const pid=id||ord[k];k++;places[pid]=[mm[1]==='-'?null:mm[1].charCodeAt(0)-65,+mm[2],(mm[3]||'').replace(/([gfea])(\d+)/g,' $1$2').trim()];}}}
  units(parts[0],order);if(parts[1])units(parts[1],zorder);
  const palette=(F[0]&&F[0].seats)||[];
  const ss=seats.map((s,i)=>({name:'player '+(i+1),colour:palette[i]?palette[i].colour:['#d62728','#1f5fb4','#2ca02c','#e8c100','#8e44ad','#ff7f0e'][i%6],reserve:+(/^\d+/.exec(s)||['0'])[0],cards:0,out:/x/.test(s.replace(/\(.*?\)/g,'')),neutral:/n/.test(s.replace(/\(.*?\)/g,''))}));
  const turn=f[2].split(':');const ph=turn[1].split('{')[0];
  const t=(/t(\d+)/.exec(f[4])||[0,0])[1];
  return {action:null,events:[],error:null,notation:line.trim(),places,seats:ss,phase:ph,to_act:'player '+(turn[0].charCodeAt(0)-64),turn:+t,winner:null,legal:[],legal_count:0,legal_kind:'legal actions (not listed for a position given as text)'};}
function route(){const hsh=decodeURIComponent(location.hash.slice(1));
  if(hsh.startsWith('n=')){try{single=fromLine(hsh.slice(2));F.splice(0,F.length,single);slider.max=0;show(0,false);}catch(e){stepBox.replaceChildren();h('div','rs-v-err',stepBox,'Not a position of this board: '+e.message);}return;}
  if(!F.length){stepBox.replaceChildren();h('div','',stepBox,'Give a position in notation after #n= in the address.');return;}
  const m=/^step=(\d+)$/.exec(hsh);show(m?+m[1]:0,false);}
window.addEventListener('hashchange',route);route();
};
(function(){
const root=document.getElementById('rs-viewer');if(!root)return;
const inline=document.getElementById('rs-game');
if(inline){window.rsViewer(JSON.parse(inline.textContent),root);return;}
const q=new URLSearchParams(location.search);const id=q.get('case'),v=q.get('v');
const say=t=>{root.replaceChildren();const p=document.createElement('p');p.textContent=t;root.appendChild(p);};
let src=null;
if(id&&/^[A-Za-z0-9_.:-]+$/.test(id))src=id+'.js';
else if(v&&/^[A-Za-z0-9_.-]+$/.test(v))src='board-'+v+'.js';
if(!src){say('Choose a worked example (each has a link “step through it in the viewer”), or open a position: ?v=VARIANT#n=LINE.');return;}
say('Loading …');
const tag=document.createElement('script');tag.src=src;
tag.onload=()=>{if(window.RS_GAME)window.rsViewer(window.RS_GAME,root);else say('No game in '+src);};
tag.onerror=()=>say('No viewer for '+(id||v)+' on this site.');
document.head.appendChild(tag);
})();
"""


#: the worked examples that have a viewer file in the site being generated
#: (set by :func:`site_files`, read by the example renderer to link to them)
AVAILABLE: set[str] = set()


def site_path(case_id: str) -> str:
    """The site's viewer page (a path under docs/) and the query that opens an example."""
    return "viewer/index.md"


def site_query(case_id: str) -> str:
    return f"?case={case_id}"


def site_files(spec: m.Spec, cases: Sequence[Any],
               progress: Any = None) -> dict[str, str]:
    """The viewer of every worked example the reference engine replays (path → HTML)."""
    from riskspec.docsite.example_render import board_of
    AVAILABLE.clear()
    out: dict[str, str] = {}
    for case in cases:
        trace = case.trace
        source = getattr(case, "source", None)
        if trace is None or not trace.ok or source is None:
            continue
        board = board_of(case, spec)
        if board is None:
            continue
        try:
            game = game_of(source, board)
        except Exception:  # noqa: BLE001 - a case the engine cannot step through has no viewer
            continue
        out[f"viewer/{case.id}.js"] = _data_js(game)
        AVAILABLE.add(case.id)
    for vid, v in spec.variants.items():  # a position given in notation: ?v=VARIANT#n=LINE
        out[f"viewer/board-{vid}.js"] = _data_js(
            {"title": f"A position of {v.title}", "variant": vid, "board": _board_json(v.board),
             "frames": [], "cut": False})
    out["assets/viewer.js"] = JS
    out["assets/viewer.css"] = CSS
    if progress is not None:
        progress(f"{len(AVAILABLE)} game viewers written")
    return out


def _data_js(game: Mapping[str, Any]) -> str:
    return "window.RS_GAME=" + json.dumps(game, separators=(",", ":")).replace("</", "<\\/") + ";\n"


#: the site's viewer page (docs/viewer/index.md)
SITE_PAGE = "viewer/index.md"


def site_page() -> str:
    return ("---\nhide:\n  - navigation\n  - toc\n---\n\n# Game viewer\n\n"
            "Step through a worked example on the map: forward and back (or the arrow keys), "
            "the event of each step, whose turn it is and the legal actions there, and the "
            "position in [position notation](../notation.md) with a link to it. Every worked "
            "example links here (*step through it in the viewer*); "
            "`riskspec docs view LOG|CASE_ID` writes the same viewer for any game log.\n\n"
            '<link rel="stylesheet" href="../assets/viewer.css">\n\n'
            '<div id="rs-viewer" class="rs-viewer" markdown="0"></div>\n\n'
            '<script src="../assets/viewer.js"></script>\n')

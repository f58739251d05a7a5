/* The coach's page: Rate, Play, Generate and Bulk on the JSON API of this server (docs/http.md). */
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const settings = { lang: "en", notation: "giese", option: "2001" };
let meta = null;

function say(text, ok) {
  const line = $("message");
  line.textContent = text || "";
  line.className = ok ? "ok" : "";
}

async function api(path, init) {
  const answer = await fetch(path, init);
  const data = await answer.json().catch(() => ({ error: `answer ${answer.status} is not JSON` }));
  if (!answer.ok) throw new Error(data.error || `error ${answer.status}`);
  return data;
}

function query(values) {
  return new URLSearchParams({ option: settings.option, lang: settings.lang, notation: settings.notation,
                               ...values }).toString();
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function setPicture(box, svgText) {
  box.innerHTML = svgText || "";  // the server's own picture (rater.views.svg): attributes only, no script
}

/* ---- tabs ------------------------------------------------------------------------------ */

function showTab(name) {
  for (const section of document.querySelectorAll(".tab")) section.hidden = section.id !== `tab-${name}`;
  for (const link of document.querySelectorAll("#tabs a")) link.classList.toggle("active", link.dataset.tab === name);
  document.body.dataset.tab = name;
  if (name === "play") $("board").focus();
}

function currentTab() {
  const name = location.hash.slice(1);
  return ["rate", "play", "generate", "bulk"].includes(name) ? name : "rate";
}

/* ---- Rate ------------------------------------------------------------------------------ */

const walk = { data: null, at: 0 };

function figure(label, value) {
  const item = element("li", `${label}: `);
  item.appendChild(element("b", String(value ?? "")));
  return item;
}

async function ratePuzzle() {
  const puzzle = $("puzzle").value.trim();
  if (!puzzle) { say("Enter a puzzle first."); return; }
  say("Rating…", true);
  $("rate-button").disabled = true;
  try {
    walk.data = await api(`/api/walkthrough?${query({ puzzle })}`);
    const record = walk.data.record;
    const list = $("figures");
    clear(list);
    list.append(figure("Points", record.points), figure("Norm", record.norm2), figure("Max", record.max),
                figure("Level", record.level_text || record.status), figure("Steps", record.step_count),
                figure("Thinning steps", record.thinning_steps), figure("Status", record.status));
    const select = $("step-select");
    clear(select);
    record.steps.forEach((step, i) => {
      select.appendChild(element("option", `${i + 1} · ${step.code} · ${walk.data.names[i]} · ${step.points}`));
    });
    select.appendChild(element("option", "Final grid"));
    $("rating").hidden = false;
    say("");
    showStep(0);
  } catch (error) {
    $("rating").hidden = true;
    say(error.message);
  } finally {
    $("rate-button").disabled = false;
  }
}

function showStep(index) {
  const steps = walk.data.record.steps;
  walk.at = Math.max(0, Math.min(index, steps.length));
  $("step-select").selectedIndex = walk.at;
  const step = steps[walk.at];
  $("step-text").textContent = step ? `${walk.at + 1}. ${walk.data.names[walk.at]} (${step.code}, ${step.points} ` +
    `points): ${step.text}` : "Final grid";
  setPicture($("step-picture"), walk.data.pictures[walk.at]);
}

function stepBy(go) {
  if (!walk.data) return;
  const last = walk.data.record.steps.length;
  showStep({ first: 0, previous: walk.at - 1, next: walk.at + 1, last }[go]);
}

/* ---- Play ------------------------------------------------------------------------------ */

const ALL = 0x1ff;
const play = { puzzle: "", digits: [], marks: [], auto: true, history: [], future: [], selected: 0, pencil: false,
               mistakes: [], hint: null, hintLevel: 0, hintKey: "" };
const ROW = (c) => Math.floor(c / 9);
const COL = (c) => c % 9;
const BOX = (c) => 3 * Math.floor(c / 27) + Math.floor((c % 9) / 3);
const PEERS = Array.from({ length: 81 }, (_, c) => Array.from({ length: 81 }, (_, o) => o).filter(
  (o) => o !== c && (ROW(o) === ROW(c) || COL(o) === COL(c) || BOX(o) === BOX(c))));

function givenAt(c) { return "123456789".includes(play.puzzle[c]); }

function autoMarks() {
  return play.digits.map((d, c) => {
    if (d) return 0;
    let mask = ALL;
    for (const o of PEERS[c]) if (play.digits[o]) mask &= ~(1 << (play.digits[o] - 1));
    return mask;
  });
}

function shownMarks() { return play.auto ? autoMarks() : play.marks; }

function snapshot() { return JSON.stringify({ digits: play.digits, marks: play.marks, auto: play.auto }); }

function restore(text) {
  const state = JSON.parse(text);
  play.digits = state.digits; play.marks = state.marks; play.auto = state.auto;
}

function save() {
  try {
    localStorage.setItem(`coach:${play.puzzle}`, JSON.stringify({ now: snapshot(), history: play.history.slice(-200) }));
    localStorage.setItem("coach:last", play.puzzle);
  } catch (error) { /* storage full or off: play on without it */ }
}

function change(edit) {
  const before = snapshot();
  edit();
  if (snapshot() === before) return;
  play.history.push(before);
  play.future = [];
  play.mistakes = [];
  save();
  render();
}

function startPlay(puzzle) {
  const line = puzzle.replace(/\s+/g, "");
  if (line.length !== 81) { say("Play needs an 81-character puzzle."); return false; }
  play.puzzle = Array.from(line, (ch) => ("123456789".includes(ch) ? ch : ".")).join("");
  play.digits = Array.from(play.puzzle, (ch) => (ch === "." ? 0 : Number(ch)));
  play.marks = new Array(81).fill(0);
  play.auto = true; play.history = []; play.future = []; play.mistakes = []; play.hint = null;
  play.selected = play.digits.findIndex((d) => !d);
  if (play.selected < 0) play.selected = 0;
  const kept = localStorage.getItem(`coach:${play.puzzle}`);
  if (kept) {
    try {
      const state = JSON.parse(kept);
      restore(state.now);
      play.history = state.history || [];
    } catch (error) { /* an unreadable save: start afresh */ }
  }
  $("auto-marks").checked = play.auto;
  render();
  return true;
}

function buildBoard() {
  const board = $("board");
  for (let c = 0; c < 81; c++) {
    const cell = element("div", undefined, `cell r${ROW(c)} c${COL(c)}`);
    cell.dataset.cell = c;
    cell.addEventListener("click", () => { play.selected = c; render(); board.focus(); });
    board.appendChild(cell);
  }
  const keypad = $("keypad");
  for (let d = 1; d <= 9; d++) {
    const key = element("button", String(d));
    key.type = "button";
    key.addEventListener("click", () => enter(d));
    keypad.appendChild(key);
  }
  const erase = element("button", "⌫");
  erase.type = "button"; erase.title = "Erase (Delete)";
  erase.addEventListener("click", () => enter(0));
  keypad.appendChild(erase);
}

function enter(d) {
  const c = play.selected;
  if (givenAt(c) || !play.puzzle) return;
  change(() => {
    if (d === 0) { play.digits[c] = 0; if (!play.auto) play.marks[c] = 0; return; }
    if (play.pencil) {
      if (play.auto) { play.marks = autoMarks(); play.auto = false; $("auto-marks").checked = false; }
      if (!play.digits[c]) play.marks[c] ^= 1 << (d - 1);
      return;
    }
    play.digits[c] = play.digits[c] === d ? 0 : d;
    if (play.digits[c] && !play.auto) for (const o of PEERS[c]) play.marks[o] &= ~(1 << (d - 1));
  });
}

function render() {
  const marks = shownMarks();
  const wrong = new Set(play.mistakes.filter(([r, c]) => play.digits[(r - 1) * 9 + c - 1]).map(([r, c]) => (r - 1) * 9 + c - 1));
  const missing = new Set(play.mistakes.filter(([r, c]) => !play.digits[(r - 1) * 9 + c - 1])
    .map(([r, c, d]) => `${(r - 1) * 9 + c - 1}:${d}`));
  const hinted = new Set(play.hintLevel >= 2 && play.hint && play.hint.show
    ? play.hint.show.cells.map(([r, c]) => (r - 1) * 9 + c - 1) : []);
  const sel = play.selected;
  const selDigit = play.digits[sel];
  for (const cell of $("board").children) {
    const c = Number(cell.dataset.cell);
    clear(cell);
    cell.classList.toggle("given", givenAt(c));
    cell.classList.toggle("selected", c === sel);
    cell.classList.toggle("peer", PEERS[sel].includes(c));
    cell.classList.toggle("same", Boolean(selDigit) && play.digits[c] === selDigit && c !== sel);
    cell.classList.toggle("wrong", wrong.has(c));
    cell.classList.toggle("hinted", hinted.has(c));
    if (play.digits[c]) {
      cell.textContent = String(play.digits[c]);
    } else {
      const grid = element("div", undefined, "marks");
      for (let d = 1; d <= 9; d++) {
        const lost = missing.has(`${c}:${d}`);
        grid.appendChild(element("span", marks[c] >> (d - 1) & 1 || lost ? String(d) : "", lost ? "missing" : ""));
      }
      cell.appendChild(grid);
    }
  }
  $("pencil").setAttribute("aria-pressed", String(play.pencil));
  $("undo").disabled = !play.history.length;
  $("redo").disabled = !play.future.length;
  if (positionKey() !== play.hintKey) { play.hint = null; play.hintLevel = 0; $("hint-box").hidden = true; }
  if (play.puzzle && play.digits.every((d, c) => d) && !play.mistakes.length && play.solvedSaid !== play.puzzle) {
    play.solvedSaid = play.puzzle;
    check();
  }
}

function positionText() { return play.digits.map((d) => (d ? String(d) : ".")).join(""); }

function candidatesText() {
  const marks = play.marks;
  return play.digits.map((d, c) => Array.from({ length: 9 }, (_, i) => {
    if (d) return d === i + 1 ? String(d) : ".";
    return marks[c] >> i & 1 ? String(i + 1) : ".";
  }).join("")).join("");
}

function positionKey() { return `${positionText()}|${play.auto ? "" : candidatesText()}`; }

async function askHint() {
  const body = { puzzle: play.puzzle, position: positionText(), option: settings.option, lang: settings.lang,
                 notation: settings.notation };
  if (!play.auto) body.candidates = candidatesText();
  return api("/api/hint", { method: "POST", headers: { "content-type": "application/json" },
                            body: JSON.stringify(body) });
}

function tellMistakes(mistakes) {
  const wrong = mistakes.filter(([r, c]) => play.digits[(r - 1) * 9 + c - 1]).length;
  const removed = mistakes.length - wrong;
  if (!mistakes.length) return "";
  const parts = [];
  if (wrong) parts.push(`${wrong} wrong digit${wrong > 1 ? "s" : ""}`);
  if (removed) parts.push(`${removed} removed candidate${removed > 1 ? "s" : ""} that belong${removed > 1 ? "" : "s"}`);
  return `Marked: ${parts.join(" and ")}.`;
}

async function check() {
  if (!play.puzzle) return;
  try {
    const answer = await askHint();
    play.mistakes = answer.mistakes;
    render();
    const solved = play.digits.every((d) => d) && !answer.mistakes.length;
    say(solved ? "Solved!" : answer.mistakes.length ? tellMistakes(answer.mistakes) : "No mistakes so far.",
        !answer.mistakes.length);
  } catch (error) { say(error.message); }
}

async function hint() {
  if (!play.puzzle) return;
  try {
    const key = positionKey();
    if (play.hintKey !== key || !play.hint) {
      play.hint = await askHint();
      play.hintKey = key;
      play.hintLevel = 0;
    }
    play.mistakes = play.hint.mistakes;
    play.hintLevel = Math.min(play.hintLevel + 1, 3);
    render();
    showHint();
  } catch (error) { say(error.message); }
}

function showHint() {
  const answer = play.hint;
  const box = $("hint-box");
  box.hidden = false;
  setPicture($("hint-picture"), "");
  say(tellMistakes(answer.mistakes), false);
  if (!answer.step) {
    $("hint-text").textContent = play.digits.every((d) => d) ? "The grid is full." : "No technique finds a step from here.";
    return;
  }
  const show = answer.show;
  if (play.hintLevel === 1) {
    $("hint-text").textContent = `Look for: ${show.name}${show.area ? ` in ${show.area}` : ""}. (Hint again for the cells.)`;
  } else if (play.hintLevel === 2) {
    $("hint-text").textContent = `${show.name}: the marked cells. (Hint again for the whole step.)`;
  } else {
    $("hint-text").textContent = `${show.name} (${answer.step.code}, ${answer.step.points} points): ${answer.step.text}`;
    setPicture($("hint-picture"), show.picture);
  }
}

function onBoardKey(event) {
  const c = play.selected;
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") { undo(); event.preventDefault(); return; }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "y") { redo(); event.preventDefault(); return; }
  if (event.key in moves) {
    const next = c + moves[event.key];
    if (next >= 0 && next < 81 && (Math.abs(moves[event.key]) === 9 || ROW(next) === ROW(c))) play.selected = next;
    render();
    event.preventDefault();
  } else if (/^[1-9]$/.test(event.key)) {
    enter(Number(event.key));
  } else if (["Backspace", "Delete", "0", "."].includes(event.key)) {
    enter(0);
  } else if (event.key.toLowerCase() === "p") {
    play.pencil = !play.pencil;
    render();
  }
}

function undo() {
  if (!play.history.length) return;
  play.future.push(snapshot());
  restore(play.history.pop());
  $("auto-marks").checked = play.auto;
  save(); render();
}

function redo() {
  if (!play.future.length) return;
  play.history.push(snapshot());
  restore(play.future.pop());
  $("auto-marks").checked = play.auto;
  save(); render();
}

/* ---- Generate -------------------------------------------------------------------------- */

async function generate(event) {
  event.preventDefault();
  const form = new FormData($("generate-form"));
  const body = { option: settings.option, lang: settings.lang, count: Number(form.get("count") || 1) };
  for (const name of ["level", "points", "symmetry", "pattern"]) if (form.get(name)) body[name] = form.get(name);
  for (const name of ["require", "exclude"]) {
    const codes = String(form.get(name) || "").split(",").map((s) => s.trim()).filter(Boolean);
    if (codes.length) body[name] = codes;
  }
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  say("Generating…", true);
  $("generate-button").disabled = true;
  try {
    const answer = await api("/api/generate", { method: "POST", headers: { "content-type": "application/json" },
                                                 body: JSON.stringify(body) });
    const rows = $("generated").tBodies[0];
    clear(rows);
    for (const record of answer.records) {
      const row = rows.insertRow();
      row.appendChild(element("td", record.puzzle, "puzzle"));
      row.appendChild(element("td", String(record.points)));
      row.appendChild(element("td", record.level_text || record.status));
      const actions = row.insertCell();
      for (const [label, tab] of [["Play", "play"], ["Rate", "rate"]]) {
        const button = element("button", label);
        button.type = "button";
        button.addEventListener("click", () => open(record.puzzle, tab));
        actions.appendChild(button);
      }
    }
    $("generated").hidden = false;
    say(answer.records.length ? `${answer.records.length} puzzle(s), seed ${answer.seed}.`
                              : "No puzzle met the conditions in the time allowed.", answer.records.length > 0);
  } catch (error) { say(error.message); } finally { $("generate-button").disabled = false; }
}

function open(puzzle, tab) {
  $("puzzle").value = puzzle;
  if (tab === "play") { startPlay(puzzle); location.hash = "play"; } else { location.hash = "rate"; ratePuzzle(); }
}

/* ---- Bulk ------------------------------------------------------------------------------ */

async function bulk(event) {
  event.preventDefault();
  const file = $("bulk-file").files[0];
  if (!file) { say("Choose a file first."); return; }
  const form = new FormData();
  form.append("file", file);
  form.append("option", settings.option);
  form.append("lang", settings.lang);
  $("bulk-button").disabled = true;
  try {
    const { id } = await api("/api/bulk", { method: "POST", body: form });
    $("bulk-job").hidden = false;
    $("bulk-downloads").hidden = true;
    clear($("charts")); clear($("bulk-table").tBodies[0]);
    say("");
    await follow(id);
  } catch (error) { say(error.message); } finally { $("bulk-button").disabled = false; }
}

async function follow(id) {
  for (;;) {
    const status = await api(`/api/bulk/${id}`);
    $("bulk-progress").max = status.total;
    $("bulk-progress").value = status.done;
    $("bulk-state").textContent = `${status.state}: ${status.done} of ${status.total}`;
    if (status.state === "done" || status.state === "failed") {
      if (status.error) say(status.error);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  $("bulk-csv").href = `/api/bulk/${id}/records?format=csv`;
  $("bulk-jsonl").href = `/api/bulk/${id}/records?format=jsonl`;
  $("bulk-downloads").hidden = false;
  const text = await (await fetch(`/api/bulk/${id}/records?format=jsonl`)).text();
  const records = text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  const rows = $("bulk-table").tBodies[0];
  clear(rows);
  for (const record of records.slice(0, 1000)) {
    const row = rows.insertRow();
    row.appendChild(element("td", String(record.line)));
    row.appendChild(element("td", record.puzzle, "puzzle"));
    row.appendChild(element("td", record.status));
    row.appendChild(element("td", record.points === null ? "" : String(record.points)));
    row.appendChild(element("td", record.level_text || ""));
  }
  drawCharts(records);
}

function count(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) || 0) + 1);
  return counts;
}

function barChart(title, entries) {
  const figure = element("figure");
  figure.appendChild(element("figcaption", title));
  const width = 360, bar = 18, left = 130, height = entries.length * (bar + 4) + 8;
  const top = Math.max(1, ...entries.map(([, n]) => n));
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of [["viewBox", `0 0 ${width} ${height}`], ["width", width], ["height", height],
                               ["role", "img"], ["font-size", "11"]]) svg.setAttribute(name, value);
  entries.forEach(([label, n], i) => {
    const y = 4 + i * (bar + 4);
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", left - 6); text.setAttribute("y", y + bar - 5); text.setAttribute("text-anchor", "end");
    text.textContent = label;
    const rect = document.createElementNS(SVG, "rect");
    const w = Math.max(1, ((width - left - 40) * n) / top);
    rect.setAttribute("x", left); rect.setAttribute("y", y); rect.setAttribute("width", w);
    rect.setAttribute("height", bar); rect.setAttribute("fill", "#2f6fb3");
    const value = document.createElementNS(SVG, "text");
    value.setAttribute("x", left + w + 4); value.setAttribute("y", y + bar - 5);
    value.textContent = String(n);
    svg.append(text, rect, value);
  });
  figure.appendChild(svg);
  return figure;
}

function drawCharts(records) {
  const charts = $("charts");
  clear(charts);
  const levelOrder = meta ? meta.levels.map((l) => l.key) : [];
  const levels = count(records.map((r) => r.level || r.status));
  const levelEntries = [...levels.entries()].sort((a, b) => {
    const ia = levelOrder.indexOf(a[0]), ib = levelOrder.indexOf(b[0]);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  }).map(([key, n]) => [levelName(key), n]);
  charts.appendChild(barChart("Levels", levelEntries));
  const points = records.map((r) => r.points).filter((p) => typeof p === "number");
  if (points.length) {
    const top = Math.max(...points), bins = 8, size = Math.max(1, Math.ceil((top + 1) / bins));
    const histogram = Array.from({ length: bins }, (_, i) => [`${i * size}–${(i + 1) * size - 1}`, 0]);
    for (const p of points) histogram[Math.min(bins - 1, Math.floor(p / size))][1] += 1;
    charts.appendChild(barChart("Points", histogram));
  }
  const uses = new Map();
  for (const record of records) {
    for (const [code, n] of Object.entries(record.techniques || {})) uses.set(code, (uses.get(code) || 0) + n);
  }
  charts.appendChild(barChart("Technique use (steps)", [...uses.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)));
}

function levelName(key) {
  const level = meta && meta.levels.find((l) => l.key === key);
  return level ? level.names[settings.lang] || level.names.en : key;
}

/* ---- start ----------------------------------------------------------------------------- */

function fillSelect(select, values, chosen) {
  clear(select);
  for (const [value, label] of values) {
    const option = element("option", label);
    option.value = value;
    select.appendChild(option);
  }
  select.value = chosen;
}

async function start() {
  buildBoard();
  try {
    meta = await api("/api/meta");
  } catch (error) { say(error.message); return; }
  $("version").textContent = `sudoku-rater ${meta.version}`;
  const stored = JSON.parse(localStorage.getItem("coach:settings") || "{}");
  Object.assign(settings, { option: meta.option }, stored);
  fillSelect($("lang"), meta.languages.map((l) => [l, l]), settings.lang);
  fillSelect($("notation"), meta.notations.map((n) => [n, n[0].toUpperCase() + n.slice(1)]), settings.notation);
  $("option").value = settings.option;
  const levelSelect = document.querySelector("#generate-form select[name=level]");
  for (const level of meta.levels) {
    const option = element("option", level.names[settings.lang] || level.names.en);
    option.value = level.key;
    levelSelect.appendChild(option);
  }
  fillSelect(document.querySelector("#generate-form select[name=symmetry]"),
             ["none", "central", "diagonal", "anti-diagonal", "mirror", "rotation", "dihedral"].map((s) => [s, s]),
             "none");
  for (const id of ["lang", "notation", "option"]) {
    $(id).addEventListener("change", () => {
      settings[id] = $(id).value;
      localStorage.setItem("coach:settings", JSON.stringify(settings));
      if (walk.data) ratePuzzle();
    });
  }
  $("rate-form").addEventListener("submit", (event) => { event.preventDefault(); ratePuzzle(); });
  $("rate-play").addEventListener("click", () => open($("puzzle").value.trim(), "play"));
  for (const button of document.querySelectorAll(".stepnav button")) {
    button.addEventListener("click", () => stepBy(button.dataset.go));
  }
  $("step-select").addEventListener("change", () => showStep($("step-select").selectedIndex));
  const area = $("puzzle");
  area.addEventListener("dragover", (event) => { event.preventDefault(); area.classList.add("drop"); });
  area.addEventListener("dragleave", () => area.classList.remove("drop"));
  area.addEventListener("drop", async (event) => {
    event.preventDefault();
    area.classList.remove("drop");
    const file = event.dataTransfer.files[0];
    if (file) { area.value = (await file.text()).trim(); ratePuzzle(); }
  });
  document.addEventListener("keydown", (event) => {
    if (["TEXTAREA", "INPUT", "SELECT"].includes(event.target.tagName) || event.altKey) return;
    if (document.body.dataset.tab === "play") { onBoardKey(event); return; }
    if (document.body.dataset.tab !== "rate") return;
    const go = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (go) { stepBy(go); event.preventDefault(); }
  });
  $("pencil").addEventListener("click", () => { play.pencil = !play.pencil; render(); });
  $("auto-marks").addEventListener("change", () => change(() => {
    if (!$("auto-marks").checked) play.marks = autoMarks();
    play.auto = $("auto-marks").checked;
  }));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", () => change(() => {
    play.digits = Array.from(play.puzzle, (ch) => (ch === "." ? 0 : Number(ch)));
    play.marks = new Array(81).fill(0);
    play.auto = true;
    $("auto-marks").checked = true;
  }));
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("generate-form").addEventListener("submit", generate);
  $("bulk-form").addEventListener("submit", bulk);
  window.addEventListener("hashchange", () => showTab(currentTab()));

  const asked = new URLSearchParams(location.search).get("puzzle");
  const last = localStorage.getItem("coach:last");
  if (asked) {
    area.value = asked;
    startPlay(asked);
    ratePuzzle();
  } else if (last) {
    area.value = last;
    startPlay(last);
  }
  showTab(currentTab());
  document.body.dataset.ready = "true";
}

start();

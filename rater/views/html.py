"""A rating as one self-contained HTML page: the walkthrough to look at and to share.

The page holds the puzzle, its figures (total, norms, level, option, program
version) and every step as in the terminal walkthrough: number, code, name,
points, running total, the explanation in the chosen language and the grid
before the step as an inline SVG picture (:mod:`rater.views.svg`), then the final
grid and the techniques used.  Every word comes from the language file.

It loads nothing: styles, pictures and a short script are inside, and no
address appears in it, so it works offline, from a file and as a mail
attachment.  The script shows one step at a time (buttons, a list to jump
to, the keys ← → Home End, the address ``#step=N``); without it every step
is shown one below the other, as in print, where each step is one block.

The page is well-formed XML as well as HTML (every element closed, the
script in a CDATA section), so that tools and tests can read it with an XML
parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from puzzles.parsing import format_line
from rater.result import Rating
from rater.views.marks import group_colour, replay, start_board
from rater.views.report import fmt_norm, fmt_points, fmt_points_with_word, status_text, step_text, uniqueness_note
from rater.views.svg import LEGEND, grid_svg, legend_svg, mix
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import Step


def rating_html(rating: Rating, catalogue: Catalogue, lang: str = "en", start: Board | None = None,
                first: int = 1) -> str:
    """The page of ``rating``; ``start`` is the board of a candidate line, ``first`` the step it opens at
    (the final grid after the last step)."""
    return _Page(rating, catalogue, lang).html(start, first)


class _Page:
    def __init__(self, rating: Rating, catalogue: Catalogue, lang: str) -> None:
        self.rating = rating
        self.catalogue = catalogue
        self.lang = lang
        self.words = catalogue.language(lang).words

    def html(self, start: Board | None, first: int) -> str:
        w = self.words
        rating = self.rating
        title = f"{w['html_title']}: {fmt_points_with_word(rating.points, w)}, {rating.level_text(self.lang) or ''}"
        sections, choices, entries = [], [], []
        board, placed_by = start_board(rating, start), [""] * 81
        running = 0.0
        final = len(rating.steps) + 1
        opening = min(max(first, 1), final)
        for number, step in replay(rating.steps, board, placed_by):
            running += step.points
            sections.append(self._step(number, step, board, placed_by, running, number == opening))
            label = f"{number} · {step.code} · {self.catalogue.name(step.code, self.lang)} · {fmt_points(step.points)}"
            choices.append(f"<option>{escape(label)}</option>")
            entries.append(f'<li><a href="#step-{number}">{escape(label)}</a></li>')
        sections.append(self._final(final, board, placed_by, final == opening))
        choices.append(f"<option>{escape(w['walk_final'])}</option>")
        entries.append(f'<li><a href="#step-{final}">{escape(w["walk_final"])}</a></li>')
        return "".join([
            f'<!DOCTYPE html>\n<html lang={quoteattr(self.lang)}><head><meta charset="utf-8"/>',
            '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
            f'<meta name="generator" content={quoteattr(f"sudoku-rater {self.rating.version}")}/>',
            f"<title>{escape(title)}</title><style>{STYLE}</style>",
            # before the body is read, so that only the opening step is ever laid out and painted
            '<script>document.documentElement.className += " js";</script></head>',
            "<body><header>",
            f"<h1>{escape(w['html_title'])}</h1>",
            self._figures(),
            (f'<details class="toc"><summary>{escape(w["html_steps"])} ({len(rating.steps)})</summary>'
             f'<ol>{"".join(entries)}</ol></details>'),
            "</header>",
            self._nav(choices),
            f"<main>{''.join(sections)}</main>",
            self._legend(),
            f"<script>/*<![CDATA[*/{SCRIPT}/*]]>*/</script></body></html>\n",
        ])

    def _figures(self) -> str:
        """Puzzle, total, norms, level, thinning steps, status, option, variant and program version."""
        w, rating = self.words, self.rating
        rows = [
            (w["total"], escape(fmt_points(rating.points))),
            (w["norm2"], fmt_norm(rating.norm2)),
            (w["max_norm"], escape(fmt_points(rating.max))),
            (w["level"], escape(rating.level_text(self.lang) or "")),
            (w["thinning_steps"], str(rating.thinning_steps)),
            (w["status"], escape(status_text(self.catalogue.language(self.lang), rating.status))),
            (w["html_option"], escape(rating.option.code)),
        ]
        if rating.rules != "standard":
            rows.append((w["html_rules"], escape(rating.rules)))
        rows.append((w["html_version"], escape(rating.version)))
        items = "".join(f"<li>{escape(label)}: <b>{value}</b></li>" for label, value in rows)
        note = "" if rating.uniqueness_techniques else f"<p>{escape(uniqueness_note(rating, w))}</p>"
        return (f'<p class="puzzle">{escape(w["html_puzzle"])}: <code>{escape(format_line(rating.puzzle))}</code></p>'
                f'<ul class="figures">{items}</ul>{note}')

    def _nav(self, choices: Sequence[str]) -> str:
        w = self.words
        return (f'<nav aria-label={quoteattr(w["html_steps"])}>'
                f'<button type="button" data-go="first" title={quoteattr(w["html_first"] + " (Home)")}>'
                f'«<span> {escape(w["html_first"])}</span></button>'
                f'<button type="button" data-go="previous" title={quoteattr(w["html_previous"] + " (←)")}>'
                f'‹<span> {escape(w["html_previous"])}</span></button>'
                f'<select aria-label={quoteattr(w["html_steps"])}>{"".join(choices)}</select>'
                f'<button type="button" data-go="next" title={quoteattr(w["html_next"] + " (→)")}>'
                f'<span>{escape(w["html_next"])} </span>›</button>'
                f'<button type="button" data-go="last" title={quoteattr(w["html_last"] + " (End)")}>'
                f'<span>{escape(w["html_last"])} </span>»</button>'
                f'<p class="keys">{escape(w["html_keys"])}</p></nav>')

    def _step(self, number: int, step: Step, board: Board, placed_by: Sequence[str], running: float,
              shown: bool) -> str:
        """One step: header (number, code, name, points, running total), explanation, grid before it."""
        w, lang = self.words, self.lang
        colour = group_colour(step.code, self.catalogue)
        name = self.catalogue.full_name(step.code, lang)
        header = (f'<h2><span class="n">{escape(w["step"])} {number}</span> '
                  f'<span class="code" style="border-color:{colour};background:{mix(colour, "#ffffff", 0.75)}">'
                  f"{escape(step.code)}</span> <span class=\"name\">{escape(name)}</span> "
                  f'<span class="pts">{escape(fmt_points_with_word(step.points, w))}</span> '
                  f'<span class="run">({escape(w["walk_total"])} {escape(fmt_points(running))})</span></h2>')
        text = f'<p class="text">{escape(step_text(step, self.catalogue, lang))}</p>'
        picture = grid_svg(board, self.catalogue, placed_by, step, f"{w['step']} {number}: {w['html_before']}",
                           inline=True)
        on = " on" if shown else ""
        return (f'<section class="pos step{on}" id="step-{number}" data-n="{number}" data-code={quoteattr(step.code)}>'
                f"{header}{text}{self._alternatives(number)}<figure>{picture}</figure></section>")

    def _alternatives(self, number: int) -> str:
        """Option digit 2: the steps found in the same position but not applied, as in the report."""
        alternatives = self.rating.alternatives.get(number - 1, ())
        if not alternatives:
            return ""
        w, lang = self.words, self.lang
        items = "".join(f"<li>{escape(w['alternative'])} {escape(a.code)} {escape(fmt_points_with_word(a.points, w))} "
                        f"{escape(self.catalogue.name(a.code, lang))}: "
                        f"{escape(step_text(a, self.catalogue, lang))}</li>" for a in alternatives)
        return f'<ul class="alt">{items}</ul>'

    def _final(self, number: int, board: Board, placed_by: Sequence[str], shown: bool) -> str:
        """The final grid and the techniques used (code, name, count, points)."""
        w, lang, rating = self.words, self.lang, self.rating
        counts = rating.technique_counts()
        points: dict[str, float] = {}
        for s in rating.steps:
            points[s.code] = points.get(s.code, 0.0) + s.points
        order = [e.code for e in self.catalogue if e.code in counts] + [c for c in counts if c not in self.catalogue]
        rows = "".join(f"<tr><td>{escape(code)}</td><td>{escape(self.catalogue.name(code, lang))}</td>"
                       f'<td class="num">{counts[code]}</td><td class="num">{escape(fmt_points(points[code]))}</td></tr>'
                       for code in order)
        table = (f'<table class="used"><caption>{escape(w["walk_used"])}</caption><tr>'
                 f'<th>{escape(w["walk_technique"])}</th><th>{escape(w["walk_name"])}</th>'
                 f'<th>{escape(w["walk_count"])}</th><th>{escape(w["walk_points"])}</th></tr>{rows}</table>')
        picture = grid_svg(board, self.catalogue, placed_by, None, w["walk_final"], inline=True)
        on = " on" if shown else ""
        return (f'<section class="pos final{on}" id="step-{number}" data-n="{number}"><h2>{escape(w["walk_final"])}</h2>'
                f"<figure>{picture}</figure>{table}</section>")

    def _legend(self) -> str:
        w = self.words
        items = "".join(f"<li>{legend_svg(item)} {escape(w['html_' + item])}</li>" for item in LEGEND)
        return f'<footer><h2>{escape(w["html_legend"])}</h2><ul class="legend">{items}</ul></footer>'


#: The page's looks: one step at a time with the script, all steps without it and in print.
STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;margin:0 auto;
max-width:40rem;padding:0 .75rem 2rem;color:#111;background:#fff;line-height:1.4}
h1{font-size:1.4rem;margin:.8rem 0 .4rem}h2{font-size:1.05rem;margin:.6rem 0 .3rem}
code{font-size:.8rem;word-break:break-all}
table{border-collapse:collapse;margin:.3rem 0}th,td{text-align:left;padding:.1rem .6rem .1rem 0;vertical-align:top}
.figures{list-style:none;padding:0;margin:.3rem 0;display:grid;gap:.1rem .8rem;
grid-template-columns:repeat(auto-fill,minmax(11rem,1fr))}.puzzle{margin:.2rem 0}.num{text-align:right}caption{text-align:left;font-weight:600;padding:.4rem 0}
.used td,.used th{border-bottom:1px solid #ddd}
figure{margin:.4rem 0}figure svg{width:100%;height:auto;max-width:36rem;display:block}
.code{display:inline-block;border:2px solid;border-radius:.3rem;padding:0 .35rem;font-weight:700}
.pts{font-weight:700}.run{color:#444;font-weight:400}
.text{margin:.2rem 0 .4rem}.alt{font-size:.9rem;color:#333}
nav{display:none}
.js nav{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;position:sticky;top:0;background:#fff;
padding:.4rem 0;border-bottom:1px solid #ccc;z-index:1}
nav button{min-height:2.6rem;min-width:2.6rem;font-size:1rem;border:1px solid #888;border-radius:.4rem;
background:#f4f4f4;cursor:pointer}
nav button:focus-visible,nav select:focus-visible{outline:3px solid #3949ab;outline-offset:1px}
nav select{flex:1 1 10rem;min-width:0;min-height:2.6rem;font-size:.95rem}
.keys{flex-basis:100%;margin:0;font-size:.8rem;color:#555}
.js .pos{display:none}.js .pos.on{display:block}
.pos{border-top:1px solid #ddd;padding-top:.3rem}
.legend{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.3rem}
.legend li{display:flex;align-items:center;gap:.5rem}.legend svg{flex:none}
@media (max-width:30rem){nav span{display:none}.keys{display:none}body{padding:0 .4rem 1rem}}
@media print{nav,.toc{display:none!important}.js .pos,.pos{display:block!important;break-inside:avoid;
page-break-inside:avoid}figure svg{max-width:12cm}body{max-width:none}}
"""

#: Navigation: buttons, the list, the keys and the address ``#step=N``; no ``<`` or ``&`` (XML-safe anyway).
SCRIPT = """
(function () {
  var doc = document, all = doc.querySelectorAll("section.pos"), count = all.length;
  var list = doc.querySelector("nav select"), current = Math.max(0, Array.prototype.indexOf.call(all,
    doc.querySelector("section.pos.on")));
  if (!count || !list) { return; }
  function show(i, fromAddress) {
    i = Math.max(0, Math.min(count - 1, i));
    all[current].classList.remove("on");
    all[i].classList.add("on");
    current = i;
    list.selectedIndex = i;
    doc.body.setAttribute("data-step", all[i].getAttribute("data-n"));
    if (!fromAddress) {
      try { history.replaceState(null, "", "#step=" + all[i].getAttribute("data-n")); } catch (e) { }
    }
  }
  function fromAddress() {
    var m = /^#step[=-]([0-9]+)$/.exec(location.hash);
    if (m) { show(parseInt(m[1], 10) - 1, true); }
    return !!m;
  }
  var moves = {first: function () { return 0; }, previous: function () { return current - 1; },
               next: function () { return current + 1; }, last: function () { return count - 1; }};
  doc.querySelectorAll("nav button").forEach(function (b) {
    b.addEventListener("click", function () { show(moves[b.getAttribute("data-go")]()); });
  });
  list.addEventListener("change", function () { show(list.selectedIndex); });
  var keys = {ArrowRight: "next", PageDown: "next", ArrowLeft: "previous", PageUp: "previous", Home: "first",
              End: "last"};
  doc.addEventListener("keydown", function (e) {
    var move = keys[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || e.target === list) { return; }
    e.preventDefault();
    show(moves[move]());
  });
  window.addEventListener("hashchange", fromAddress);
  if (!fromAddress()) { show(current); }
})();
"""

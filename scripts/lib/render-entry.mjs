// Renders a validated atlas entry as static HTML, so the text reads with JavaScript off and
// when WASM fails to load. Interactive parts (lab, split explorer, quiz) are partials the
// build places into their sections; scripts enhance them.
import { esc, join } from './html.mjs';
import { equationToMathML } from './equation.mjs';

function section(id, title, body, extraClass = '') {
  return `<section id="${esc(id)}" class="block ${extraClass}" aria-labelledby="${esc(id)}-h">
<h2 id="${esc(id)}-h">${esc(title)}</h2>
${body}
</section>`;
}

function link(source) {
  return `<a href="${esc(source.url)}" rel="noopener noreferrer">${esc(source.title)}</a>`;
}

function header(e) {
  const chips = [
    ['Level', e.level], ['Kind', e.kind], ['Scale', e.scale], ['Visual family', e.visualFamily],
  ].map(([k, v]) => `<div class="chip"><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`);
  return `<header class="entry-head" id="top">
<p class="crumbs"><span>${esc(e.branch)}</span> <span aria-hidden="true">›</span> <span>${esc(e.subbranch)}</span></p>
<h1><span class="short" aria-hidden="true">${esc(e.shortName)}</span> ${esc(e.name)}</h1>
<p class="role">${esc(e.role)}</p>
<dl class="chips">${chips.join('')}</dl>
</header>`;
}

function specs(e) {
  const rows = e.specs.map((s) => `<tr><th scope="row">${esc(s.label)}</th><td data-label="What it does">${esc(s.value)}</td><td data-label="Context">${esc(s.context ?? '')}</td></tr>`);
  return `<div class="table-wrap"><table class="specs stack-narrow"><caption class="visually-hidden">Key facts</caption>
<thead><tr><th scope="col">Aspect</th><th scope="col">What it does</th><th scope="col">Context</th></tr></thead>
<tbody>${rows.join('')}</tbody></table></div>`;
}

function interfaces(e) {
  const item = (i) => `<li class="port port-${esc(i.direction)}"><span class="dir">${i.direction === 'in' ? 'In' : 'Out'}</span>
<strong>${esc(i.name)}</strong><span class="signal">${esc(i.signal)}</span></li>`;
  return `<ul class="ports">${e.interfaces.map(item).join('')}</ul>`;
}

function science(e) {
  return e.science.map((s, i) => `<article class="science" aria-labelledby="science-${i}-h">
<h3 id="science-${i}-h">${esc(s.title)}</h3>
<figure class="equation" tabindex="0" aria-labelledby="science-${i}-h">${equationToMathML(s.equation)}
<figcaption><span class="visually-hidden">Equation: </span><code>${esc(s.equation)}</code></figcaption></figure>
<p>${esc(s.explanation)}</p>
${s.assumptions ? `<p class="assumptions"><strong>Assumptions.</strong> ${esc(s.assumptions)}</p>` : ''}
</article>`).join('\n');
}

function history(e) {
  const items = e.history.map((h) => `<li><p class="year">${esc(h.year)}</p><div>
<h3>${esc(h.title)}</h3><p>${esc(h.significance)}</p>
${h.source ? `<p class="source">Source: ${link(h.source)}</p>` : ''}</div></li>`);
  return `<ol class="timeline">${items.join('')}</ol>`;
}

// Links to other entries use the atlas's #/entry/<id> routes. Entries not in this build are
// named as plain text (a link that only leads to "not here" is noise), and the list says once
// that they are not part of this build.
function entryLinks(ids, known) {
  if (ids.length === 0) return '<p>None listed.</p>';
  const item = (id) => known.has(id)
    ? `<li><a href="#/entry/${esc(id)}">${esc(id)}</a></li>`
    : `<li><span class="entry-missing" data-missing="true" data-entry="${esc(id)}">${esc(id)}</span></li>`;
  const absent = ids.filter((id) => !known.has(id)).length;
  const note = absent === 0 ? '' : `<p class="missing">${absent === ids.length ? 'None of these entries is' : 'Entries without a link are not'} part of this build of the atlas.</p>`;
  return `<ul class="entry-links">${ids.map(item).join('')}</ul>${note}`;
}

function check(e) {
  const options = e.check.options.map((o, i) => `<li data-index="${i}">${esc(o)}</li>`);
  return `<div class="check-static">
<p class="question" id="check-question">${esc(e.check.question)}</p>
<ol class="options" type="A">${options.join('')}</ol>
<details class="answer-reveal"><summary>Show the answer</summary>
<p>${esc(String.fromCharCode(65 + e.check.answer))}. ${esc(e.check.options[e.check.answer])} — ${esc(e.check.explanation)}</p></details>
</div>`;
}

/** Table of contents for the sections the page shows, in order. */
export const SECTIONS = [
  ['overview', 'Overview'], ['mechanism', 'Mechanism'], ['science', 'Science'], ['lab', 'Lab'],
  ['planner', 'Split explorer'], ['check', 'Check'], ['history', 'History'], ['sources', 'Sources'],
];

/**
 * The entry's HTML. `partials` maps lab/planner/quiz to the partial HTML; `known` is the set
 * of entry ids in this build.
 */
export function renderEntry(e, partials, known) {
  const nav = `<nav class="toc" aria-label="On this page"><ul>${SECTIONS.map(([id, t]) => `<li><a href="#${id}">${esc(t)}</a></li>`).join('')}</ul></nav>`;
  return join([
    header(e),
    nav,
    `<div id="atlas-status" class="status" role="status" aria-live="polite"></div>`,
    section('overview', 'Overview', join([
      `<p class="description">${esc(e.description)}</p>`,
      specs(e),
      `<h3>Interfaces</h3>`,
      interfaces(e),
    ])),
    section('mechanism', 'Mechanism', join([
      `<ol class="steps">${e.mechanism.map((m) => `<li>${esc(m)}</li>`).join('')}</ol>`,
      `<div class="two-up"><div><h3>Trade-off</h3><p>${esc(e.tradeoff)}</p></div>`,
      `<div><h3>Why it matters for AI</h3><p>${esc(e.whyAI)}</p></div></div>`,
      `<aside class="misconception" aria-labelledby="misconception-h"><h3 id="misconception-h">Common misconception</h3><p>${esc(e.misconception)}</p></aside>`,
    ])),
    section('science', 'Science', science(e)),
    section('lab', 'Lab: ideal ring all-reduce', join([
      `<p class="scope"><strong>Scope.</strong> ${esc(e.labScope ?? e.scope ?? '')}</p>`,
      partials.lab,
    ])),
    section('planner', 'Split explorer', partials.planner),
    section('check', 'Check your understanding', join([
      `<p class="objective"><strong>Learning objective.</strong> ${esc(e.learningObjective)}</p>`,
      check(e),
      partials.quiz,
      e.engineeringExample ? `<div class="example"><h3>Engineering example</h3><p>${esc(e.engineeringExample)}</p></div>` : '',
      e.evidenceNotes ? `<p class="evidence"><strong>Evidence notes.</strong> ${esc(e.evidenceNotes)}</p>` : '',
    ])),
    section('history', 'History', history(e)),
    section('connections', 'Connections', join([
      // An entry that is a prerequisite is listed there only.
      `<div class="two-up"><div><h3>Related</h3>${entryLinks(e.related.filter((id) => !e.prerequisites.includes(id)), known)}</div>`,
      `<div><h3>Prerequisites</h3>${entryLinks(e.prerequisites, known)}</div></div>`,
    ])),
    section('sources', 'Sources', `<ul class="sources">${e.sources.map((s) => `<li>${link(s)} <span class="url">${esc(s.url)}</span></li>`).join('')}</ul>`),
    // The atlas's identifiers are for course authors, and say so; the entry's scope shows here
    // unless the lab already states it.
    section('about-labs', 'For course authors', `${e.scope && e.scope !== e.labScope ? `<p><strong>Scope.</strong> ${esc(e.scope)}</p>` : ''}
<p>Identifiers of this entry's interactive parts in the atlas, for linking them from a course:</p>
<dl class="lab-ids">
${[['Lab', e.labId], ['Deep lab', e.deepLabId], ['Investigation', e.investigationId]].filter(([, v]) => v).map(([k, v]) => `<div><dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd></div>`).join('')}
</dl>`),
  ]);
}

/** A page that shows the engine's validation errors instead of a blank page. */
export function renderInvalid(response, file) {
  const errors = response.errors ?? [response.error];
  const rows = errors.map((x) => `<li><code>${esc(x.path || '/')}</code> <strong>${esc(x.code)}</strong> — ${esc(x.message)}</li>`);
  return `<section class="block invalid" aria-labelledby="invalid-h">
<h1 id="invalid-h">This atlas entry is invalid</h1>
<p>The engine rejected <code>${esc(file)}</code>; the page was not built from it. Fix these and build again:</p>
<ul class="errors">${rows.join('')}</ul></section>`;
}

// Renders a validated atlas entry as static HTML, so the text reads with JavaScript off and
// when WASM fails to load. Every entry gets the generic parts (text, equations, history, the
// check question with its answer); the entry's modules add their markup, in a section of their
// own or inside the check section, and their scripts enhance it.
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
    ['Level', e.level],
    ['Kind', e.kind],
    ['Scale', e.scale],
    ['Visual family', e.visualFamily],
  ].map(([k, v]) => `<div class="chip"><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`);
  return `<header class="entry-head" id="top">
<p class="crumbs"><span>${esc(e.branch)}</span> <span aria-hidden="true">›</span> <span>${esc(e.subbranch)}</span></p>
<h1><span class="short" aria-hidden="true">${esc(e.shortName)}</span> ${esc(e.name)}</h1>
<p class="role">${esc(e.role)}</p>
<dl class="chips">${chips.join('')}</dl>
</header>`;
}

function specs(e) {
  const rows = e.specs.map(
    (s) =>
      `<tr><th scope="row">${esc(s.label)}</th><td data-label="What it does">${esc(s.value)}</td><td data-label="Context">${esc(s.context ?? '')}</td></tr>`,
  );
  return `<div class="table-wrap"><table class="specs stack-narrow"><caption class="visually-hidden">Key facts</caption>
<thead><tr><th scope="col">Aspect</th><th scope="col">What it does</th><th scope="col">Context</th></tr></thead>
<tbody>${rows.join('')}</tbody></table></div>`;
}

function interfaces(e) {
  const item = (
    i,
  ) => `<li class="port port-${esc(i.direction)}"><span class="dir">${i.direction === 'in' ? 'In' : 'Out'}</span>
<strong>${esc(i.name)}</strong><span class="signal">${esc(i.signal)}</span></li>`;
  return `<ul class="ports">${e.interfaces.map(item).join('')}</ul>`;
}

function science(e) {
  return e.science
    .map(
      (s, i) => `<article class="science" aria-labelledby="science-${i}-h">
<h3 id="science-${i}-h">${esc(s.title)}</h3>
<figure class="equation" tabindex="0" aria-labelledby="science-${i}-h">${equationToMathML(s.equation)}
<figcaption><span class="visually-hidden">Equation: </span><code>${esc(s.equation)}</code></figcaption></figure>
<p>${esc(s.explanation)}</p>
${s.assumptions ? `<p class="assumptions"><strong>Assumptions.</strong> ${esc(s.assumptions)}</p>` : ''}
</article>`,
    )
    .join('\n');
}

function history(e) {
  const items = e.history.map(
    (h) => `<li><p class="year">${esc(h.year)}</p><div>
<h3>${esc(h.title)}</h3><p>${esc(h.significance)}</p>
${h.source ? `<p class="source">Source: ${link(h.source)}</p>` : ''}</div></li>`,
  );
  return `<ol class="timeline">${items.join('')}</ol>`;
}

// Links to other entries go to their pages when this build has them (`built`: id → {name,
// page}). Entries not in this build are named as plain text (a link that only leads to "not
// here" is noise) by the mapping's names, their id only when it gives none, and the list says
// once that they are not part of this build.
function entryLinks(ids, built, names) {
  if (ids.length === 0) return '<p>None listed.</p>';
  const item = (id) =>
    built.has(id)
      ? `<li><a href="${esc(built.get(id).page)}" data-entry="${esc(id)}">${esc(built.get(id).name)}</a></li>`
      : `<li><span class="entry-missing" data-missing="true" data-entry="${esc(id)}">${esc(names.get(id) ?? id)}</span></li>`;
  const absent = ids.filter((id) => !built.has(id)).length;
  const note =
    absent === 0
      ? ''
      : `<p class="missing">${absent === ids.length ? 'None of these entries is' : 'Entries without a link are not'} part of this build of the atlas.</p>`;
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

/**
 * The entry's HTML. `modules` are the entry's modules in page order, each {module, markup}
 * (its description from the registry and its markup.html); `built` maps the id of every entry
 * in this build to {name, page}; `names` the mapping's names of entries it does not carry.
 */
export function renderEntry(e, { modules, built, names = new Map() }) {
  const sciences = e.science ?? [];
  const events = e.history ?? [];
  const own = modules.filter(({ module }) => module.section);
  const into = (id) => modules.filter(({ module }) => module.into === id).map(({ markup }) => markup);
  const toc = [
    ['overview', 'Overview'],
    ['mechanism', 'Mechanism'],
    ...(sciences.length ? [['science', 'Science']] : []),
    ...own.map(({ module }) => [module.section.id, module.section.toc]),
    ['check', 'Check'],
    ...(events.length ? [['history', 'History']] : []),
    ['sources', 'Sources'],
  ];
  const nav = `<nav class="toc" aria-label="On this page"><ul>${toc.map(([id, t]) => `<li><a href="#${esc(id)}">${esc(t)}</a></li>`).join('')}</ul></nav>`;
  const related = (e.related ?? []).filter((id) => !(e.prerequisites ?? []).includes(id));
  return join([
    header(e),
    nav,
    `<div id="atlas-status" class="status" role="status" aria-live="polite"></div>`,
    section(
      'overview',
      'Overview',
      join([`<p class="description">${esc(e.description)}</p>`, specs(e), `<h3>Interfaces</h3>`, interfaces(e)]),
    ),
    section(
      'mechanism',
      'Mechanism',
      join([
        `<ol class="steps">${e.mechanism.map((m) => `<li>${esc(m)}</li>`).join('')}</ol>`,
        `<div class="two-up"><div><h3>Trade-off</h3><p>${esc(e.tradeoff)}</p></div>`,
        `<div><h3>Why it matters for AI</h3><p>${esc(e.whyAI)}</p></div></div>`,
        `<aside class="misconception" aria-labelledby="misconception-h"><h3 id="misconception-h">Common misconception</h3><p>${esc(e.misconception)}</p></aside>`,
      ]),
    ),
    sciences.length ? section('science', 'Science', science(e)) : '',
    ...own.map(({ module, markup }) =>
      section(
        module.section.id,
        module.section.title,
        join([
          module.showsLabScope && (e.labScope ?? e.scope)
            ? `<p class="scope"><strong>Scope.</strong> ${esc(e.labScope ?? e.scope)}</p>`
            : '',
          markup,
        ]),
      ),
    ),
    section(
      'check',
      'Check your understanding',
      join([
        `<p class="objective"><strong>Learning objective.</strong> ${esc(e.learningObjective)}</p>`,
        check(e),
        ...into('check'),
        e.engineeringExample
          ? `<div class="example"><h3>Engineering example</h3><p>${esc(e.engineeringExample)}</p></div>`
          : '',
        e.evidenceNotes ? `<p class="evidence"><strong>Evidence notes.</strong> ${esc(e.evidenceNotes)}</p>` : '',
      ]),
    ),
    events.length ? section('history', 'History', history(e)) : '',
    section(
      'connections',
      'Connections',
      join([
        // An entry that is a prerequisite is listed there only.
        `<div class="two-up"><div><h3>Related</h3>${entryLinks(related, built, names)}</div>`,
        `<div><h3>Prerequisites</h3>${entryLinks(e.prerequisites ?? [], built, names)}</div></div>`,
      ]),
    ),
    section(
      'sources',
      'Sources',
      `<ul class="sources">${e.sources.map((s) => `<li>${link(s)} <span class="url">${esc(s.url)}</span></li>`).join('')}</ul>`,
    ),
    forAuthors(e, modules.some(({ module }) => module.showsLabScope) ? (e.labScope ?? e.scope) : null),
  ]);
}

// The atlas's identifiers are for course authors, and say so; the entry's scope shows here
// unless a module's section already states it.
function forAuthors(e, scopeShown) {
  const ids = [
    ['Lab', e.labId],
    ['Deep lab', e.deepLabId],
    ['Investigation', e.investigationId],
  ].filter(([, v]) => v);
  const scope = e.scope && e.scope !== scopeShown ? `<p><strong>Scope.</strong> ${esc(e.scope)}</p>` : '';
  if (!scope && ids.length === 0) return '';
  return section(
    'about-labs',
    'For course authors',
    join([
      scope,
      ids.length === 0
        ? ''
        : `<p>Identifiers of this entry's interactive parts in the atlas, for linking them from a course:</p>
<dl class="lab-ids">
${ids.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd></div>`).join('')}
</dl>`,
    ]),
  );
}

/**
 * A page that shows what stopped the build instead of a blank page: per file, the engine's
 * validation errors or the module mapping's.
 * @param {{file: string, errors: {path?: string, code: string, message: string}[]}[]} problems
 */
export function renderInvalid(problems) {
  const list = ({
    file,
    errors,
  }) => `<p>The build rejected <code>${esc(file)}</code>; the page was not built from it. Fix these and build again:</p>
<ul class="errors">${errors.map((x) => `<li><code>${esc(x.path || '/')}</code> <strong>${esc(x.code)}</strong> — ${esc(x.message)}</li>`).join('')}</ul>`;
  return `<section class="block invalid" aria-labelledby="invalid-h">
<h1 id="invalid-h">This atlas entry is invalid</h1>
${problems.map(list).join('\n')}</section>`;
}

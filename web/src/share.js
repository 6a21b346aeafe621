// "Copy link" and "Embed…": the permalink of the current state, and an iframe snippet
// (with optional hidden or locked controls) for course pages.
import { h, replaceChildren } from './dom.js';
import { currentLink } from './permalink.js';
import { embedParts, pageModules, partLabel } from './page-modules.js';

/**
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement} input
 * @param {HTMLElement} feedback
 */
async function copyText(text, input, feedback) {
  try {
    await navigator.clipboard.writeText(text);
    feedback.textContent = 'Copied.';
  } catch {
    // file:// and some embeds have no clipboard permission: leave the text selected instead.
    input.focus();
    input.select();
    feedback.textContent = 'Press Ctrl+C (⌘C) to copy the selected text.';
  }
}

/**
 * The iframe snippet for a part of the page with its options; `name` is the entry's.
 * @param {{link: string, part: string, name: string, theme: string, hide: string[], lock: string[]}} options
 */
export function embedSnippet({ link, part, name, theme, hide, lock }) {
  const url = new URL(link);
  url.search = '';
  const q = new URLSearchParams({ embed: part });
  if (theme !== 'auto') q.set('theme', theme);
  if (hide.length) q.set('hide', hide.join(','));
  if (lock.length) q.set('lock', lock.join(','));
  url.search = q.toString();
  if (part === 'entry' || pageModules().find((m) => m.name === part)?.snippetKeepsState === false) url.hash = '';
  const host = new URL('atlas-host.js', url).href.split('?')[0];
  const title = `${name} — ${partLabel(part)}`;
  const attr = (/** @type {string} */ s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(url.href)}" title="${attr(title)}" data-atlas-embed width="100%" height="640" loading="lazy" referrerpolicy="no-referrer"></iframe>\n<script src="${attr(host)}"></script>`;
}

/**
 * @param {string} part
 */
function controlNames(part) {
  const scope = part === 'entry' ? null : document.getElementById(embedParts()[part]);
  if (!scope) return [];
  return [
    ...new Set(
      [.../** @type {NodeListOf<HTMLElement>} */ (scope.querySelectorAll('[data-param]'))].map(
        (el) => /** @type {string} */ (el.dataset.param), // selected by [data-param]
      ),
    ),
  ];
}

/**
 * @param {import('./views.js').Views} views
 * @param {() => string | null} getOpen
 * @param {string} name
 */
function openEmbedDialog(views, getOpen, name) {
  const feedback = h('p', { class: 'share-feedback', role: 'status' });
  const snippet = h('textarea', { id: 'embed-snippet', readonly: true, rows: 6 });
  const parts = embedParts();
  const part = h(
    'select',
    { id: 'embed-part' },
    ...Object.keys(parts).map((p) => h('option', { value: p, text: partLabel(p) })),
  );
  const theme = h(
    'select',
    { id: 'embed-theme' },
    ...['auto', 'light', 'dark'].map((t) => h('option', { value: t, text: t })),
  );
  const flags = h('div', { class: 'flags' });
  const open = getOpen();
  if (open && Object.hasOwn(parts, open)) part.value = open;
  const update = () => {
    // Every flag select carries data-name (fillFlags builds them).
    const named = (/** @type {string} */ value) =>
      [...flags.querySelectorAll('select')]
        .filter((s) => s.value === value)
        .map((s) => /** @type {string} */ (s.dataset.name));
    const hide = named('hide');
    const lock = named('lock');
    snippet.value = embedSnippet({
      link: currentLink(views, part.value),
      part: part.value,
      name,
      theme: theme.value,
      hide,
      lock,
    });
  };
  const fillFlags = () => {
    const names = controlNames(part.value);
    replaceChildren(
      flags,
      ...(names.length
        ? names.map((n, i) =>
            h(
              'label',
              { for: `embed-flag-${i}` },
              `${n} `,
              h(
                'select',
                { id: `embed-flag-${i}`, dataset: { name: n }, on: { change: update } },
                h('option', { value: 'show', text: 'show' }),
                h('option', { value: 'lock', text: 'lock' }),
                h('option', { value: 'hide', text: 'hide' }),
              ),
            ),
          )
        : [h('p', { text: 'No controls in this part.' })]),
    );
    update();
  };
  part.addEventListener('change', fillFlags);
  theme.addEventListener('change', update);
  const dialog = h(
    'dialog',
    { class: 'embed-dialog', 'aria-labelledby': 'embed-title' },
    h(
      'form',
      { method: 'dialog' },
      h('h2', { id: 'embed-title', text: 'Embed in a course page' }),
      h('p', {
        text: 'Paste this into the course page. The small script that comes with it sizes the frame to its content and passes quiz answers on to the course page.',
      }),
      ...(location.protocol === 'file:'
        ? [
            h('p', {
              class: 'notice notice-warn',
              text: 'This page is open from a file on this computer, so the snippet points at that file and works only here. Put the atlas folder on your course’s web server, open the page from there and copy the snippet again.',
            }),
          ]
        : []),
      h('label', { for: 'embed-part', text: 'Part' }),
      part,
      h('label', { for: 'embed-theme', text: 'Theme' }),
      theme,
      h('fieldset', {}, h('legend', { text: 'Controls: show, lock or hide' }), flags),
      h('label', { for: 'embed-snippet', text: 'Snippet' }),
      snippet,
      feedback,
      h(
        'div',
        { class: 'actions' },
        h('button', {
          type: 'button',
          on: { click: () => copyText(snippet.value, snippet, feedback) },
          text: 'Copy snippet',
        }),
        h('button', { class: 'secondary', value: 'close', text: 'Close' }),
      ),
    ),
  );
  dialog.addEventListener('close', () => dialog.remove());
  // Escape always closes, whichever control has focus: Chromium lets a focused <select> take the
  // key, and may drop a cancel request it judges to lack user activation.
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && dialog.open) {
      e.preventDefault();
      dialog.close();
    }
  });
  document.body.append(dialog);
  fillFlags();
  dialog.showModal();
}

/**
 * Wires the share bar that the page carries from the start (web/index.html: its place is kept
 * while the engine loads, so nothing below it moves when it becomes usable).
 * @param {import('./views.js').Views} views
 * @param {() => string | null} getOpen the open module, if any
 * @param {string} entryName
 */
export function initShare(views, getOpen, entryName) {
  const bar = document.getElementById('share-bar');
  if (!bar) return;
  const copy = /** @type {HTMLButtonElement} */ (bar.querySelector('#copy-link'));
  const embed = /** @type {HTMLButtonElement} */ (bar.querySelector('#open-embed'));
  const feedback = /** @type {HTMLElement} */ (bar.querySelector('.share-feedback'));
  const hidden = h('input', {
    type: 'text',
    class: 'visually-hidden',
    tabindex: '-1',
    'aria-hidden': 'true',
    readonly: true,
  });
  bar.append(hidden);
  copy.addEventListener('click', () => {
    hidden.value = currentLink(views, getOpen());
    copyText(hidden.value, hidden, feedback);
  });
  embed.addEventListener('click', () => openEmbedDialog(views, getOpen, entryName));
  copy.disabled = false;
  embed.disabled = false;
}

// Atlas routes: #/entry/<id>, the links of the single-page atlas this page grew out of. An entry
// built beside this one has its own page now, so its route leads there; a route to an entry that
// is not part of this build says so plainly.
import { h, replaceChildren } from './dom.js';

/**
 * @typedef {{id: string, name: string, page: string}} BuiltEntry
 * @param {{id: string, name: string} | null} entry
 * @param {BuiltEntry[]} built
 */
function route(entry, built) {
  const status = document.getElementById('atlas-status');
  const match = /^#\/entry\/([a-z0-9-]{1,100})$/.exec(location.hash);
  if (!status) return;
  if (!match) {
    if (status.dataset.route) {
      replaceChildren(status);
      delete status.dataset.route;
    }
    return;
  }
  status.dataset.route = match[1];
  if (entry && match[1] === entry.id) {
    replaceChildren(status);
    document.getElementById('top')?.scrollIntoView();
    return;
  }
  const other = built.find((b) => b.id === match[1]);
  if (other) {
    location.replace(new URL(other.page, location.href).href);
    return;
  }
  // Connections name the entries they list in plain words; an old link uses that name too.
  const named = document.querySelector(`#connections [data-entry="${match[1]}"]`)?.textContent;
  replaceChildren(
    status,
    h(
      'p',
      { class: 'notice' },
      h('strong', { text: `“${named || match[1]}” is not part of this build. ` }),
      'This page carries the ',
      h('a', { href: '#top', text: entry ? entry.name : 'current' }),
      ' entry.',
    ),
  );
  status.scrollIntoView({ block: 'center' });
}

/**
 * Follows hash changes for entry routes.
 * @param {{id: string, name: string} | null} entry
 * @param {BuiltEntry[]} built the entries of this build (the build writes them into the page)
 */
export function initRoutes(entry, built) {
  window.addEventListener('hashchange', () => route(entry, built));
  route(entry, built);
}

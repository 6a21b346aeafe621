// Atlas routes: #/entry/<id>. This build holds one entry; links to others say so plainly.
import { h, replaceChildren } from './dom.js';

function route(entry) {
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
  replaceChildren(status, h('p', { class: 'notice' },
    h('strong', { text: `“${match[1]}” is not part of this build. ` }),
    'This page carries only the ', h('a', { href: '#top', text: entry ? entry.name : 'current' }), ' entry.'));
  status.scrollIntoView({ block: 'center' });
}

/** Follows hash changes for entry routes. @param {{id: string, name: string} | null} entry */
export function initRoutes(entry) {
  window.addEventListener('hashchange', () => route(entry));
  route(entry);
}

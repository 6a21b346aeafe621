// Tells the learner which values an instructor fixed (embed lock= and hide=), with their current
// values, and when a preset, scenario or search result could not change one of them.
import { h } from './dom.js';

/**
 * The label and shown value of the control named `name` inside `root` (null if none).
 * @param {HTMLElement} root
 * @param {string} name
 */
function describeControl(root, name) {
  const el = root.querySelector(`[data-param="${name}"]`);
  if (!(el instanceof HTMLElement)) return null;
  const label = (el.querySelector('label, legend')?.textContent ?? name)
    .replace(/\s*\(fixed\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const input = el.querySelector('input:not([type="range"]), select');
  let value = '';
  if (input instanceof HTMLSelectElement) value = input.selectedOptions[0]?.textContent ?? input.value;
  else if (input instanceof HTMLInputElement && input.type === 'checkbox') value = input.checked ? 'on' : 'off';
  else if (input instanceof HTMLInputElement) {
    const unit = el.querySelector('.lab-unit')?.textContent ?? '';
    value = `${input.value}${unit ? ` ${unit}` : ''}`;
  }
  return { label, value, hidden: el.hidden };
}

/**
 * A note at the top of a view listing its fixed values. Returns `show(held)`: redraws the note,
 * and when `held` names values a change left alone, says so.
 * @param {HTMLElement} root  the view's root
 * @param {{fixed: Set<string>, onFixed: (fn: () => void) => void}} views
 */
export function fixedNote(root, views) {
  const note = h('p', { class: 'notice fixed-note', role: 'status', hidden: true });
  root.prepend(note);
  const show = (/** @type {string[]} */ held = []) => {
    // In the order the controls appear.
    const names = [
      ...new Set(
        [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-param]'))].map(
          (el) => /** @type {string} */ (el.dataset.param),
        ),
      ),
    ];
    const items = names
      .filter((n) => views.fixed.has(n))
      .map((n) => describeControl(root, n))
      .filter((d) => d !== null);
    // A hidden control is named, not valued: the instructor took it out of the exercise, and its
    // value is a setting the learner is not meant to weigh.
    const shown = items.filter((d) => !d.hidden);
    const hiddenNames = items.filter((d) => d.hidden).map((d) => d.label);
    if (items.length === 0) {
      note.hidden = true;
      return;
    }
    const list = [
      shown.map((d) => `${d.label}${d.value ? `: ${d.value}` : ''}`).join('; '),
      hiddenNames.length ? `${shown.length ? 'also ' : ''}${hiddenNames.join(', ')}, not shown here` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const heldText = held.map((n) => describeControl(root, n)?.label).filter(Boolean);
    note.replaceChildren(
      h('strong', { text: 'Fixed for this exercise: ' }),
      list + '.',
      ...(heldText.length
        ? [
            h('span', {
              class: 'held',
              text: ` The last change left ${heldText.join(', ')} as set; everything else was applied.`,
            }),
          ]
        : []),
    );
    note.hidden = false;
  };
  views.onFixed(() => show());
  return show;
}

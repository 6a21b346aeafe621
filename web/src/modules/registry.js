// The one place modules are registered: adding a module is its folder plus one line here.
// The order is the order of their sections on a page.
import lab from './lab/module.js';
import network from './network/module.js';
import planner from './planner/module.js';
import quiz from './quiz/module.js';

/** Every module the atlas has; an entry gets those content/atlas.json names for it. */
export const MODULES = Object.freeze([lab, planner, network, quiz]);

/**
 * The module called `name`, or undefined.
 * @param {string} name
 */
export function moduleNamed(name) {
  return MODULES.find((m) => m.name === name);
}

// Two modules must not claim the same section, embed name or old link key.
for (const [i, m] of MODULES.entries()) {
  for (const other of MODULES.slice(0, i)) {
    if (other.name === m.name || other.sectionId === m.sectionId)
      throw new Error(`modules “${other.name}” and “${m.name}” clash`);
    const shared = (m.legacyParams ?? []).filter((p) => (other.legacyParams ?? []).includes(p));
    if (shared.length)
      throw new Error(`modules “${other.name}” and “${m.name}” both claim the link keys ${shared.join(', ')}`);
  }
}

// What a module tells the atlas about itself. A module is one folder beside this file:
//   module.js   defineModule({...}) — the description below, plain data plus hooks it offers
//   index.js    export function start(ctx) — bundled into its own script (<name>.<hash>.js), run
//               only on pages whose entry has the module, and only that script for ?embed=<name>
//   markup.html the static markup the build places into the module's section
//   *.css       its styles (joined into the page's one style sheet)
// registry.js lists the modules; content/atlas.json says which entry gets which.

import { readPageJson } from '../dom.js';
import { ENGINE_MODULES } from '../engine-modules.js';

const NAME = /^[a-z][a-z0-9-]{0,30}$/;
// Names the page already uses: the embed part of the text itself, and the stems of the files
// the build writes beside the modules' scripts (app.<hash>.js, atlas.<hash>.css, the engine's).
const TAKEN = ['entry', 'app', 'atlas', ...Object.values(ENGINE_MODULES).flatMap((m) => [m.stem, `${m.stem}-file`])];
// The engine's WebAssembly modules a module may need besides the core one (fetched at start).
const LATER_ENGINES = Object.keys(ENGINE_MODULES).filter((name) => name !== 'core');
const SECTION_ID = /^[a-z][a-z0-9-]{0,40}$/;
// The lists of the engine's `presets` answer a module may have written into its page.
const PRESET_KINDS = ['ring', 'models', 'hardware'];
// Sections every entry has that a module may fill instead of adding its own (the check
// question's section takes the graded version of the question).
export const SHARED_SECTIONS = ['check'];

/**
 * @typedef {{id: string, title: string, toc: string}} OwnSection
 * @typedef {{name: string, label: string, section?: OwnSection, into?: string, showsLabScope?: boolean,
 *   legacyParams?: string[], offers?: Record<string, any>, snippetKeepsState?: boolean,
 *   engine?: string, waitsUntilNear?: boolean, alsoNear?: string[], presets?: string[]}} ModuleSpec
 * @typedef {ModuleSpec & {sectionId: string}} AtlasModule
 */

/**
 * The entry as the page embeds it (content/<id>.json, validated by the engine at build and at
 * boot); the check question is typed here because the contract leaves it an open object.
 * @typedef {Omit<import('../atlas-contract').ValidateRequest, 'check'> & {check: CheckQuestion}} Entry
 * @typedef {{question: string, options: string[], answer: number, explanation: string}} CheckQuestion
 */

/**
 * What a module's start(ctx) gets. `offers(hook)` lists the hooks other modules on the page
 * offer under that name; each hook's shape is the business of the modules that use it.
 * @typedef {{engine: import('../engine.js').Engine, entry: Entry, views: import('../views.js').Views,
 *   channel: typeof import('../channel.js').channel, holdInView: (el: HTMLElement | null) => void,
 *   offers: (hook: string) => any[], startPart?: (id: string) => Promise<void>}} ModuleContext
 */

/**
 * Checks a module's description and freezes it. `label` names the module to learners (embed
 * dialog); `section` is a section of its own, or `into` names a shared section it fills;
 * `legacyParams` are link keys from before links were prefixed by module (#ranks=8);
 * `offers` holds hooks other modules may use (for example `showMe`); `snippetKeepsState: false`
 * leaves the current state out of embed snippets (it is the learner's progress, not a setting);
 * `engine` names the engine module its commands live in when not the core one (fetched with
 * it); `waitsUntilNear` fetches its code and engine module only when its section, or one of
 * `alsoNear`, comes near the view (or a link or an embed opens it); `presets` names lists of the
 * engine's `presets` answer the build writes into the page (read with pagePresets()), so a
 * module has its content presets at first paint without a copy in its code.
 * @param {ModuleSpec} spec
 * @returns {AtlasModule}
 */
export function defineModule(spec) {
  /** @type {(field: string, why: string) => never} */
  const fail = (field, why) => {
    throw new Error(`module “${spec?.name}”: ${field} ${why}`);
  };
  if (!spec || typeof spec.name !== 'string' || !NAME.test(spec.name))
    fail('name', 'must be lowercase letters, digits and dashes');
  if (TAKEN.includes(spec.name)) fail('name', `“${spec.name}” is taken by the page (${TAKEN.join(', ')})`);
  if (typeof spec.label !== 'string' || !spec.label.trim()) fail('label', 'must be a non-empty string');
  if (Boolean(spec.section) === Boolean(spec.into)) fail('section', 'or into (exactly one) is needed');
  if (spec.section) {
    const { id, title, toc } = spec.section;
    if (!SECTION_ID.test(id ?? '')) fail('section.id', 'must be a lowercase id');
    if (typeof title !== 'string' || typeof toc !== 'string') fail('section', 'needs a title and a toc label');
  }
  if (spec.into && !SHARED_SECTIONS.includes(spec.into)) fail('into', `must be one of ${SHARED_SECTIONS.join(', ')}`);
  if (spec.engine !== undefined && !LATER_ENGINES.includes(spec.engine))
    fail('engine', `must be one of ${LATER_ENGINES.join(', ')}`);
  if (
    spec.alsoNear !== undefined &&
    !(Array.isArray(spec.alsoNear) && spec.alsoNear.every((id) => SECTION_ID.test(id)))
  )
    fail('alsoNear', 'must list section ids');
  if (
    spec.presets !== undefined &&
    !(Array.isArray(spec.presets) && spec.presets.every((k) => PRESET_KINDS.includes(k)))
  )
    fail('presets', `must list some of ${PRESET_KINDS.join(', ')}`);
  // Exactly one of section and into is set (checked above).
  const sectionId = /** @type {string} */ (spec.section ? spec.section.id : spec.into);
  return Object.freeze({ ...spec, sectionId });
}

/**
 * The engine's presets of `kind` that the build wrote into this page for a module that names
 * the kind in `presets` (an empty list on a page without them).
 * @param {string} kind
 * @returns {any[]}
 */
export function pagePresets(kind) {
  const list = readPageJson('atlas-presets')?.[kind];
  return Array.isArray(list) ? list : [];
}

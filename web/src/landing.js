// A link to a section (index.html#check, or a click in the section nav) must land on its
// heading, although the interactive parts above it fill in only after the engine starts. Until
// the reader scrolls, clicks or types, the target is put back at the top whenever the page's
// height changes; after that the browser's scroll anchoring keeps what the reader looks at.
// Some ways of scrolling send no input event (dragging the scrollbar, a screen reader's reading
// cursor): a scroll that moves the target while the page's height stays as it was is the
// reader's too.

/**
 * @type {HTMLElement | null}
 */
let target = null;
let observer = null;
/** Where the last landing left the target, and the page's height then. */
let landed = { top: 0, height: 0 };

function land() {
  if (!target || !target.isConnected) return;
  target.scrollIntoView({ block: 'start' });
  landed = { top: target.getBoundingClientRect().top, height: document.documentElement.scrollHeight };
}

function onScroll() {
  if (!target || document.documentElement.scrollHeight !== landed.height) return; // the page moved, not the reader
  if (Math.abs(target.getBoundingClientRect().top - landed.top) > 2) release();
}

function release() {
  target = null;
}

/** The element a plain section hash (#lab, #check) names, or null for state hashes and routes. */
function hashTarget(hash = location.hash) {
  if (!/^#[A-Za-z][\w-]{0,60}$/.test(hash)) return null;
  const el = document.getElementById(hash.slice(1));
  return el && el.closest('main') ? el : null;
}

/**
 * Holds `el` at the top of the window until the reader moves (null lets go).
 * @param {HTMLElement | null} el
 */
export function holdInView(el) {
  target = el;
  land();
}

/** Starts following the hash; call once at boot, before the interactive parts fill in. */
export function initLanding() {
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) {
    window.addEventListener(
      type,
      (e) => {
        // A click on a same-page link moves the reader on purpose: the hashchange below re-arms.
        if (type === 'pointerdown' && /** @type {Element} */ (e.target).closest?.('a[href^="#"]')) return;
        release();
      },
      { capture: true, passive: true },
    );
  }
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('hashchange', () => {
    const el = hashTarget();
    if (el) holdInView(el);
  });
  target = hashTarget();
  observer = new ResizeObserver(() => land());
  observer.observe(document.body);
  document.addEventListener('atlas:ready', land);
  window.addEventListener('load', land);
  // Asking for document.fonts.ready lays the page out; asked during boot, that first layout
  // would join the boot script's task. After the first frame the layout is there already.
  requestAnimationFrame(() => setTimeout(() => document.fonts?.ready.then(land), 0));
}

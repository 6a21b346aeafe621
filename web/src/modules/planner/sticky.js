// The explorer's controls stay in view beside the pictures (wide screens) without being a
// scroll box of their own: a wheel over them scrolls the page. When the panel is taller than
// the window, its sticky offset is negative by the difference, so it scrolls with the page
// until its last control is in view and then stays.

const TOP_PX = 52; // below the sticky section nav

/** @param {HTMLElement} panel */
export function stickWithinWindow(panel) {
  let last = '';
  const set = () => {
    const top = `${Math.min(TOP_PX, Math.floor(innerHeight - panel.offsetHeight - 8))}px`;
    if (top !== last) panel.style.setProperty('--controls-top', (last = top));
  };
  new ResizeObserver(set).observe(panel);
  addEventListener('resize', set);
  set();
}

// The split stays in view while the results are read (planner.css makes it sticky: in the
// controls' column on a wide screen, at the top of the window on a narrow one) without being a
// scroll box of its own: a wheel over it scrolls the page. It sits just below the sticky section
// nav (none in an embed); when it is taller than the window, its sticky offset is negative by the
// difference, so it scrolls with the page until its last control is in view and then stays.
// `--split-cover` on the layout is how much of the window it covers, for the scroll margins of
// what the page scrolls into view beneath it (`--nav-cover`: the nav alone, for the wide layout).

/**
 * @param {HTMLElement} panel the sticky split
 * @param {HTMLElement} layout the element whose descendants it may cover
 */
export function stickWithinWindow(panel, layout) {
  let last = '';
  const nav = /** @type {HTMLElement | null} */ (document.querySelector('.toc'));
  const set = () => {
    const below = nav && nav.getClientRects().length > 0 ? Math.ceil(nav.getBoundingClientRect().height) : 0;
    const topPx = Math.min(below, Math.floor(innerHeight - panel.offsetHeight - 8));
    const key = `${below}/${topPx}/${panel.offsetHeight}`;
    if (key === last) return;
    last = key;
    panel.style.setProperty('--split-top', `${topPx}px`);
    layout.style.setProperty('--split-cover', `${Math.max(0, topPx + panel.offsetHeight + 8)}px`);
    layout.style.setProperty('--nav-cover', `${below + 8}px`);
  };
  const observer = new ResizeObserver(set);
  observer.observe(panel);
  if (nav) observer.observe(nav);
  addEventListener('resize', set);
  set();
}

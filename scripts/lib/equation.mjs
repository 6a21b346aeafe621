// Turns an entry's plain-text equation ("B_global = B_micro × N_accumulation × N_data-parallel")
// into TeX, then MathML with Temml at build time, so the page needs no math library at runtime.
import temml from 'temml';

const OPERATORS = new Map([
  ['×', '\\times'],
  ['·', '\\cdot'],
  ['÷', '\\div'],
  ['≤', '\\le'],
  ['≥', '\\ge'],
  ['≈', '\\approx'],
  ['≠', '\\ne'],
  ['−', '-'],
  ['→', '\\to'],
  ['∑', '\\sum'],
  ['√', '\\sqrt'],
  ['α', '\\alpha'],
  ['β', '\\beta'],
  ['γ', '\\gamma'],
  ['Ψ', '\\Psi'],
  ['∞', '\\infty'],
]);

// Characters that are TeX syntax inside \text{…}.
function escapeText(s) {
  return s.replace(/[\\{}$&#^_%~]/g, (c) => `\\${c === '\\' ? 'textbackslash ' : c}`);
}

/** Converts one plain-text equation to TeX. Subscripts: `X_word` → X_{\text{word}}. */
export function equationToTex(text) {
  return text
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s+$/.test(token)) return ' ';
      if (OPERATORS.has(token)) return OPERATORS.get(token);
      const sub = /^([A-Za-z])_([\p{L}\p{N}-]+)$/u.exec(token);
      if (sub) return `${sub[1]}_{\\text{${escapeText(sub[2])}}}`;
      if (/^[A-Za-z]$/.test(token) || /^[0-9.]+$/.test(token) || /^[=+\-*/()]$/.test(token)) return token;
      return `\\text{${escapeText(token)}}`;
    })
    .join('')
    .trim();
}

const BREAKS = new Set(['×', '·', '+', '−', '÷']);

/**
 * The same equation stacked for a narrow column: the left side, then one line per term of the
 * right side, aligned at "=" ("B = a" / "× b" / "× c"). MathML does not wrap, so a phone gets this
 * instead of a sideways-scrolling line. Null when there is nothing to break at.
 */
export function equationToStackedTex(text) {
  const tokens = text.trim().split(/\s+/);
  const eq = tokens.indexOf('=');
  if (eq < 1) return null;
  const lines = [[]];
  for (const t of tokens.slice(eq + 1)) {
    if (BREAKS.has(t) && lines[lines.length - 1].length > 0) lines.push([t]);
    else lines[lines.length - 1].push(t);
  }
  if (lines.length < 2) return null;
  const tex = (parts) => equationToTex(parts.join(' '));
  const rows = lines.map((line, i) =>
    i === 0 ? `${tex(tokens.slice(0, eq))} &= ${tex(line)}` : `&\\quad ${tex(line)}`,
  );
  return `\\begin{aligned}${rows.join(' \\\\ ')}\\end{aligned}`;
}

function render(tex) {
  const mathml = temml.renderToString(tex, { displayMode: true, annotate: true, throwOnError: true });
  // The CSP forbids style attributes; the display style lives in base.css (math.tml-display).
  return mathml.replace(/ style="[^"]*"/g, '');
}

/**
 * MathML for the equation, with the plain text kept as the accessible alternative: one line, and
 * where it can break, a stacked copy; base.css shows one of the two by the column's width (the
 * other is display: none, so assistive technology meets the equation once).
 */
export function equationToMathML(text) {
  const wide = render(equationToTex(text));
  const stackedTex = equationToStackedTex(text);
  if (!stackedTex) return wide;
  return `<div class="eq-wide">${wide}</div><div class="eq-stacked">${render(stackedTex)}</div>`;
}

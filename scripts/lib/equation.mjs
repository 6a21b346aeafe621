// Turns an entry's plain-text equation ("B_global = B_micro × N_accumulation × N_data-parallel")
// into TeX, then MathML with Temml at build time, so the page needs no math library at runtime.
import temml from 'temml';

const OPERATORS = new Map([
  ['×', '\\times'], ['·', '\\cdot'], ['÷', '\\div'], ['≤', '\\le'], ['≥', '\\ge'], ['≈', '\\approx'],
  ['≠', '\\ne'], ['−', '-'], ['→', '\\to'], ['∑', '\\sum'], ['√', '\\sqrt'], ['α', '\\alpha'],
  ['β', '\\beta'], ['γ', '\\gamma'], ['Ψ', '\\Psi'], ['∞', '\\infty'],
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

/** MathML for the equation, with the plain text kept as the accessible alternative. */
export function equationToMathML(text) {
  const mathml = temml.renderToString(equationToTex(text), { displayMode: true, annotate: true, throwOnError: true });
  // The CSP forbids style attributes; the display style lives in base.css (math.tml-display).
  return mathml.replace(/ style="[^"]*"/g, '');
}

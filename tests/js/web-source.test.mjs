// Guards on the page's source that the browser tests could miss: content reaches the DOM only as
// text, nothing is evaluated from strings, and nothing is fetched from outside the page's folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';

function files(dir, ext) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full, ext) : ext.some((e) => name.endsWith(e)) ? [full] : [];
  });
}

const sources = files(join(root, 'web'), ['.js', '.html', '.css']).map((f) => ({
  file: relative(root, f),
  text: readFileSync(f, 'utf8'),
}));

test('no HTML from strings and no code from strings in the page', () => {
  const banned =
    /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(|setTimeout\(\s*['"`]/;
  const hits = sources.filter((s) => s.file.endsWith('.js') && banned.test(s.text)).map((s) => s.file);
  assert.deepEqual(hits, []);
});

test('no network address outside the page in markup, scripts or styles', () => {
  // Links the reader clicks (sources, citations) are fine; things the page loads are not.
  const loads = /(src|href)\s*=\s*["']https?:|url\(\s*["']?https?:|import\s*\(?\s*["']https?:|fetch\(\s*["']https?:/;
  const hits = sources.filter((s) => loads.test(s.text)).map((s) => s.file);
  assert.deepEqual(hits, []);
});

test('no inline scripts, event-handler attributes or style attributes in the page markup', () => {
  for (const s of sources.filter((x) => x.file.endsWith('.html'))) {
    assert.doesNotMatch(s.text, /<script(?![^>]*\bsrc=)[^>]*>(?!\s*<\/script>)/, `${s.file}: inline script`);
    assert.doesNotMatch(s.text, /\son[a-z]+\s*=/i, `${s.file}: event-handler attribute`);
    assert.doesNotMatch(s.text, /\sstyle\s*=/i, `${s.file}: style attribute`);
  }
});

// Minifies the scripts and the stylesheet a page fetches, with esbuild:
// `node scripts/minify.mjs [dist]` (scripts/build.sh runs it after the
// offline bundle, which reads the glue as wasm-bindgen writes it, and
// before the compressed copies). Every `.js` and `.css` in dist/ but the
// offline bundle (its weight is the wasm it inlines): the loader, the
// theme, the stylesheet, each build's glue and its panel part's loader, the
// course page's. Each keeps its kind: an ES module stays one (its imports
// and exports as written), a classic script keeps its top-level names (other
// scripts and the page may read them). What a page fetches before it paints
// is about 6 KB brotli lighter for it.
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] || path.join(ROOT, 'dist'));

let before = 0;
let after = 0;
const files = fs.readdirSync(dist).filter((f) => /\.(js|css)$/.test(f) && !f.endsWith('.offline.js')).sort();
if (files.length === 0) {
  console.error(`minify.mjs: no .js or .css in ${dist}: run the build first (scripts/build.sh)`);
  process.exit(1);
}
for (const name of files) {
  const file = path.join(dist, name);
  const text = fs.readFileSync(file, 'utf8');
  let out;
  try {
    out = transformSync(text, {
      loader: name.endsWith('.css') ? 'css' : 'js',
      minify: true,
      // No lowering: the page's browsers are the ones it is tested in.
      target: 'esnext',
      legalComments: 'none',
    }).code;
  } catch (e) {
    console.error(`minify.mjs: ${name}: ${e.message}`);
    process.exit(1);
  }
  fs.writeFileSync(file, out);
  before += text.length;
  after += out.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`minify.mjs: ${files.length} scripts and stylesheets, ${kb(before)} → ${kb(after)} raw`);

// Writes NAME.gz and NAME.br beside every file of the built app, for static
// hosts that serve precompressed files (nginx gzip_static/brotli_static,
// Caddy's precompressed, most CDNs): `node scripts/precompress.mjs [dist]`
// (scripts/build.sh runs it last). gzip at level 9 and brotli at quality 11,
// with node's own zlib; a file that does not shrink gets neither.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] || path.join(ROOT, 'dist'));

const rows = [];
for (const name of fs.readdirSync(dist).sort()) {
  const file = path.join(dist, name);
  if (/\.(gz|br)$/.test(name) || !fs.statSync(file).isFile()) continue;
  const body = fs.readFileSync(file);
  const gz = zlib.gzipSync(body, { level: 9 });
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: /\.(wasm)$/.test(name)
        ? zlib.constants.BROTLI_MODE_GENERIC
        : zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  for (const [ext, packed] of [['gz', gz], ['br', br]]) {
    const out = `${file}.${ext}`;
    if (packed.length < body.length) fs.writeFileSync(out, packed);
    else fs.rmSync(out, { force: true });
  }
  rows.push([name, body.length, gz.length, br.length]);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
console.log(`precompress.mjs: .gz and .br beside ${rows.length} files in ${path.relative(ROOT, dist) || '.'}`);
for (const [name, raw, gz, br] of rows) console.log(`  ${name.padEnd(44)} ${kb(raw)} ${kb(gz)} gz ${kb(br)} br`);

// The build's precompressed files (scripts/precompress.mjs): every file of
// dist/ has NAME.gz and NAME.br beside it (unless compressing did not shrink
// it), each unpacking to exactly the file.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST } from './support.mjs';

test('every built file has a .gz and a .br beside it that unpack to the file', () => {
  const names = fs.readdirSync(DIST).filter((f) => !/\.(gz|br)$/.test(f));
  assert.ok(names.some((f) => f.endsWith('.wasm')), 'dist/ holds the app');
  for (const name of names) {
    const body = fs.readFileSync(path.join(DIST, name));
    for (const [ext, unpack] of [['gz', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]]) {
      const packed = path.join(DIST, `${name}.${ext}`);
      if (!fs.existsSync(packed)) {
        assert.ok(body.length < 64, `${name}.${ext} is missing`);
        continue;
      }
      assert.ok(unpack(fs.readFileSync(packed)).equals(body), `${name}.${ext} unpacks to ${name}`);
    }
  }
});

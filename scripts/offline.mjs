// Makes the built app open from disk: `node scripts/offline.mjs [dist]`
// (scripts/build.sh runs it after Trunk).
//
// Chromium will neither run a module script nor fetch a .wasm file from a
// file:// page, so next to Trunk's glue (fleetlab-web-HASH.js, an ES module)
// and wasm this writes fleetlab-web-HASH.offline.js: the same glue as a
// classic script, with the wasm inlined (gzip, then base64; unpacked in the
// browser by DecompressionStream). The loader (www/loader.js, which reads the
// glue's name from index.html) picks it only when the page's protocol is
// file:, so a hosted page never downloads it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] || path.join(ROOT, 'dist'));
const fail = (why) => {
  console.error(`offline.mjs: ${why}`);
  process.exit(1);
};

// The whole app's wasm (the page builds, page-*, are for hosted pages only).
const wasms = fs.readdirSync(dist).filter((f) => f.endsWith('_bg.wasm') && !f.startsWith('page-'));
if (wasms.length !== 1) fail(`expected one *_bg.wasm in ${dist}, found ${wasms.length}`);
const wasmName = wasms[0];
const jsName = wasmName.replace(/_bg\.wasm$/, '.js');
const offlineName = jsName.replace(/\.js$/, '.offline.js');
if (!fs.existsSync(path.join(dist, jsName))) fail(`${jsName} is missing`);
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!html.includes(`<meta name="fleetlab-js" content="./${jsName}">`)) {
  fail('index.html does not name the glue for the loader (Trunk.toml, pattern_script)');
}
const loader = html.match(/<script src="\.\/(loader[^"]*\.js)"/);
if (!loader || !fs.readFileSync(path.join(dist, loader[1]), 'utf8').includes('location.protocol === "file:"')) {
  fail('index.html does not load www/loader.js');
}

// The ES module glue as a classic script: its exports become plain
// functions, gathered on window.wasmBindings as the hosted loader does.
let glue = fs.readFileSync(path.join(dist, jsName), 'utf8');
const exported = [];
glue = glue.replace(/^export (function|class|const|let) (\w+)/gm, (_, kind, name) => {
  exported.push(name);
  return `${kind} ${name}`;
});
glue = glue.replace(/^export \{ initSync, __wbg_init as default \};?\s*$/m, '');
glue = glue.replaceAll('import.meta.url', 'document.baseURI');
const left = glue.match(/^\s*(export|import)\b.*$/m);
if (left) fail(`the glue has a module statement this script does not know: ${left[0].trim()}`);
if (!/async function __wbg_init\(/.test(glue)) fail('the glue has no __wbg_init');

const wasm = fs.readFileSync(path.join(dist, wasmName));
const packed = zlib.gzipSync(wasm, { level: 9 }).toString('base64');

const bundle = `// Fleetlab for file:// pages, written by scripts/offline.mjs from ${jsName}
// and ${wasmName} (inlined: gzip, base64). index.html loads it only from disk.
(function () {
"use strict";
${glue}
var PACKED = "${packed}";
function unpack(text) {
  if (typeof DecompressionStream !== "function") {
    return Promise.reject(new Error("this browser cannot unpack the offline bundle; serve the folder over http instead"));
  }
  var bin = atob(text), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}
function parsed() {
  return new Promise(function (ok) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ok); else ok();
  });
}
window.wasmBindings = { ${exported.map((n) => `${n}: ${n}`).join(', ')}${exported.length ? ', ' : ''}initSync: initSync, default: __wbg_init };
Promise.all([unpack(PACKED), parsed()]).then(function (r) {
  return __wbg_init({ module_or_path: r[0] });
}).then(function (w) {
  dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: w } }));
}, function (e) {
  var b = document.getElementById("fatal");
  if (b) { b.textContent = "Fleetlab could not start: " + (e && e.message || e); b.hidden = false; }
});
})();
`;
fs.writeFileSync(path.join(dist, offlineName), bundle);
const gz = zlib.gzipSync(Buffer.from(bundle), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`offline.mjs: wrote ${offlineName} (${kb(bundle.length)} raw, ${kb(gz)} gzip -9; read from disk only)`);

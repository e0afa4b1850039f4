// Builds the page builds: `node scripts/pages.mjs [dist]` (scripts/build.sh
// runs it after Trunk, before the offline bundle and the compressed copies).
//
// A topic page loads only its own topic: for every topic of Cargo.toml's
// `every-topic` feature this builds the browser entry with that topic alone
// (`--no-default-features --features <id>`: its model, words, scene, charts
// and challenges, no other topic and no other view), runs wasm-bindgen and
// wasm-opt on it as Trunk does on the whole app, and writes
// page-<id>-<hash>.js and page-<id>-<hash>_bg.wasm into dist/. Each page
// build's challenge panel is a part of its own (feature `split-panel`,
// src/web/practice_load.rs): the build links with relocations kept,
// wasm-split-cli moves the code only the panel reaches into
// page-<id>-<hash>_panel.wasm, with page-<id>-<hash>_split.js, which the
// glue imports and which fetches the part when the page first asks for its
// panel (after its first paint). The first part's imports from its glue
// take the shortest names (scripts/wasm-imports.mjs). Two tags per
// topic in dist/index.html name them for the loader (www/loader.js), which
// picks a topic's page build for an address that opens that topic's page and
// the whole app (Trunk's build) for everything else; a page build handed an
// address it does not serve hands the page to the whole app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shortenImports } from './wasm-imports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] || path.join(ROOT, 'dist'));
const fail = (why) => {
  console.error(`pages.mjs: ${why}`);
  process.exit(1);
};

/** The topic ids of Cargo.toml's `every-topic` feature, in its order. */
function topicIds(cargoToml) {
  const m = cargoToml.match(/^every-topic\s*=\s*\[([^\]]*)\]/m);
  if (!m) return [];
  return [...m[1].matchAll(/"([a-z0-9-]+)"/g)].map((x) => x[1]);
}

const ids = topicIds(fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8'));
if (ids.length === 0) fail('Cargo.toml has no every-topic feature listing the topics');
const indexPath = path.join(dist, 'index.html');
if (!fs.existsSync(indexPath)) fail(`${indexPath} is missing: run Trunk first (scripts/build.sh)`);
let html = fs.readFileSync(indexPath, 'utf8');
const anchor = html.match(/<meta name="fleetlab-wasm" content="[^"]*">/);
if (!anchor) fail('index.html does not name the whole app for the loader (Trunk.toml, pattern_script)');

for (const f of fs.readdirSync(dist)) {
  if (/^page-.*(\.js|\.wasm)$|^glossary-[0-9a-f]{16}\.json$/.test(f)) fs.rmSync(path.join(dist, f));
}
const bin = (name) => {
  const local = path.join(ROOT, 'node_modules', '.bin', name);
  return fs.existsSync(local) ? local : name;
};
const run = (cmd, args, env = process.env) => execFileSync(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
// The split needs the link's relocations (`--emit-relocs`); built in a
// target folder of their own, so that these flags and Trunk's (none) do not
// rebuild each other's crates.
const target = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'pages');
const cargoEnv = { ...process.env, CARGO_TARGET_DIR: target, RUSTFLAGS: `${process.env.RUSTFLAGS || ''} -C link-arg=--emit-relocs`.trim() };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetlab-pages-'));
const tags = [];
try {
  for (const id of ids) {
    run('cargo', [
      'build', '--quiet', '--profile', 'wasm-release', '--target', 'wasm32-unknown-unknown',
      '--bin', 'fleetlab-web', '--no-default-features', '--features', `${id},split-panel`,
    ], cargoEnv);
    const built = path.join(target, 'wasm32-unknown-unknown', 'wasm-release', 'fleetlab-web.wasm');
    const hash = crypto.createHash('sha256').update(fs.readFileSync(built)).digest('hex').slice(0, 16);
    const name = `page-${id}-${hash}`;
    const parts = path.join(scratch, id);
    run(bin('wasm-split-cli'), ['--target', 'web', '--out-name', name, built, parts]);
    // wasm-bindgen keeps the linker's table export, which the part imports.
    run(bin('wasm-bindgen'), ['--target', 'web', '--no-typescript', '--keep-lld-exports', '--out-dir', scratch, '--out-name', name, path.join(parts, `${name}.wasm`)]);
    run(bin('wasm-opt'), ['-Oz', path.join(scratch, `${name}_bg.wasm`), '-o', path.join(dist, `${name}_bg.wasm`)]);
    run(bin('wasm-opt'), ['-Oz', path.join(parts, 'split_panel.wasm'), '-o', path.join(dist, `${name}_panel.wasm`)]);
    // Every page build's files side by side in dist/: the link module and
    // the part take the build's name (wasm-split-cli names them alike for
    // every build).
    const swap = (text, from, to, file) => {
      if (text.split(from).length !== 2) fail(`${file}: expected "${from}" once, the name wasm-split-cli writes`);
      return text.replace(from, to);
    };
    let link = swap(fs.readFileSync(path.join(parts, '__wasm_split.js'), 'utf8'),
      '"./split_panel.wasm"', `"./${name}_panel.wasm"`, '__wasm_split.js');
    // From the whole bytes where streaming is refused (a host that does not
    // send application/wasm), as www/loader.js compiles the page build.
    link = swap(link, '(WebAssembly.instantiateStreaming(src, imports))',
      `(WebAssembly.instantiateStreaming(src, imports).catch(() => fetch(new URL("./${name}_panel.wasm", import.meta.url))
        .then((r) => { if (!r.ok) throw new Error(\`failed to fetch \${r.url}: \${r.status}\`); return r.arrayBuffer(); })
        .then((b) => WebAssembly.instantiate(b, imports))))`, '__wasm_split.js');
    fs.writeFileSync(path.join(dist, `${name}_split.js`), link);
    const imported = shortenImports(fs.readFileSync(path.join(dist, `${name}_bg.wasm`)),
      fs.readFileSync(path.join(scratch, `${name}.js`), 'utf8'), `./${name}_bg.js`);
    fs.writeFileSync(path.join(dist, `${name}_bg.wasm`), imported.wasm);
    const glue = swap(imported.glue, 'from "./__wasm_split.js"', `from "./${name}_split.js"`, `${name}.js`);
    fs.writeFileSync(path.join(dist, `${name}.js`), glue);
    tags.push(`<meta name="fleetlab-page:${id}" content="./${name}.js"><meta name="fleetlab-page-wasm:${id}" content="./${name}_bg.wasm">`);
    const kb = (f) => (fs.statSync(path.join(dist, f)).size / 1024).toFixed(0);
    console.log(`pages.mjs: ${name}_bg.wasm ${kb(`${name}_bg.wasm`)} KB, ${name}.js ${kb(`${name}.js`)} KB, its panel ${name}_panel.wasm ${kb(`${name}_panel.wasm`)} KB`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
html = html.replace(/<meta name="fleetlab-page(-wasm)?:[^"]*" content="[^"]*">/g, '');
html = html.replace(anchor[0], anchor[0] + tags.join(''));

// Each topic's head (its kind, title, question and source, as the CLI
// prints them from the model: `fleetlab topics --json`) goes into
// index.html, with a rule in the stylesheet that hides it but while an
// address that opens its topic loads (www/loader.js marks
// <html data-opens="ID">): the page's largest text is painted before its
// model arrives, and the app keeps the node (src/web/page/mod.rs, shell).
// Its last part, the guided start's offer (`guided_start`), is the largest
// text on a page whose question is short; kept the same way
// (src/web/scene/intro.rs), and not shown while an address that hides it
// loads (<html data-no-intro>).
const listed = JSON.parse(execFileSync('cargo', ['run', '--quiet', '--locked', '--bin', 'fleetlab', '--', 'topics', '--json'], {
  cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 << 20,
}));
const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const heads = listed.filter((t) => ids.includes(t.id) && t.question && t.source);
// The head's glossary links, as the app writes them: the question's first
// mention of each term (src/web/glossary.rs, link_terms) and the source
// line's "seed card" (src/web/page/mod.rs, source_el). The entries come
// from glossary.toml, as build.rs compiles them, and are matched as
// src/glossary.rs matches them: whole words, without regard to ASCII case,
// the longest spelling where two start at the same place, each term once.
const terms = fs.readFileSync(path.join(ROOT, 'glossary.toml'), 'utf8').split('[[term]]').slice(1).map((b) => {
  const field = (k) => b.match(new RegExp(`^${k} = (.*)$`, 'm'))?.[1];
  const strings = (v) => [...(v || '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => {
    if (/\\[^"\\]/.test(m[1])) fail(`glossary.toml: ${m[1].slice(0, 40)}…: this reads only the escapes \\" and \\\\`);
    return m[1].replace(/\\(.)/g, '$1');
  });
  return { id: strings(field('id'))[0], short: strings(field('short'))[0], spellings: [...strings(field('term')), ...strings(field('aliases'))] };
});
if (!terms.length || terms.some((t) => !t.id || !t.short || !t.spellings.length)) fail('glossary.toml: every entry needs an id, a term and a definition');
if (!terms.some((t) => t.id === 'seed-card')) fail('glossary.toml has no "seed-card" entry for the source lines to link');
// The page builds carry no definitions (build.rs): every term's is in
// glossary-HASH.json, which index.html names and a topic page fetches once
// it has painted (src/web/glossary.rs, fetch_definitions).
const definitions = JSON.stringify(Object.fromEntries(terms.map((t) => [t.id, t.short])));
const definitionsFile = `glossary-${crypto.createHash('sha256').update(definitions).digest('hex').slice(0, 16)}.json`;
fs.writeFileSync(path.join(dist, definitionsFile), definitions);
html = html.replace(/<meta name="fleetlab-glossary" content="[^"]*">/g, '');
html = html.replace(anchor[0], `${anchor[0]}<meta name="fleetlab-glossary" content="./${definitionsFile}">`);
const joins = (c) => c !== undefined && (/[\p{Alphabetic}\p{N}]/u.test(c) || c === '-');
const linked = (text, only) => {
  let out = '';
  let plain = 0;
  const seen = new Set(only ? terms.filter((t) => t.id !== only).map((t) => t.id) : []);
  for (let at = 0; at < text.length;) {
    let best = null;
    if (!joins(text[at - 1])) {
      for (const t of terms.filter((x) => !seen.has(x.id))) {
        for (const w of t.spellings) {
          const hit = text.slice(at, at + w.length).toLowerCase() === w.toLowerCase() && !joins(text[at + w.length]);
          if (hit && (!best || w.length > best.n)) best = { n: w.length, t };
        }
      }
    }
    if (!best) { at += 1; continue; }
    out += esc(text.slice(plain, at)) + `<a class="term" href="?view=glossary#${best.t.id}" title="${esc(best.t.short)}">${esc(text.slice(at, at + best.n))}</a>`;
    seen.add(best.t.id);
    at += best.n;
    plain = at;
  }
  return out + esc(text.slice(plain));
};
if (heads.length !== ids.length) fail(`fleetlab topics --json gave words for ${heads.length} of ${ids.length} topics`);
html = html.replace(/<header class="topic-head topic-shell"[^>]*>[\s\S]*?<\/header>/g, '');
const offer = (t) => (t.guided_start
  ? `<div class="intro-wrap topic-shell"><button type="button" class="intro-offer">${esc(t.guided_start.button)}</button>`
    + `<span class="intro-note">${esc(t.guided_start.note)}</span></div>`
  : '');
const loading = '<p class="loading">';
if (!html.includes(loading)) fail('index.html has no loading line to put the topics\' heads before');
html = html.replace(loading, heads.map((t) => `<header class="topic-head topic-shell" data-topic="${t.id}">`
  + `<p class="kind">${esc(t.kind)}</p><h1>${esc(t.title)}</h1><p class="question">${linked(t.question)}</p>`
  + `<p class="source">${linked(`Source: ${t.source}`, 'seed-card')}</p>${offer(t)}</header>`).join('') + loading);
const sheet = html.match(/<link rel="stylesheet" href="\.\/([^"]+\.css)"/);
if (!sheet) fail('index.html links no stylesheet to add the topics\' heads\' rules to');
const css = path.join(dist, sheet[1]);
const marker = '/* pages.mjs: the topics\' heads */';
// Each head hidden unless the address opens its topic: the one shown has
// no rule of its own, so it is styled as the app's head is (set on it, a
// display would differ from the page's at some width, and the browser
// would lay the head out anew, and paint it again, when the app took it).
const rules = heads.map((t) => `html:not([data-opens="${t.id}"]) .topic-shell[data-topic="${t.id}"]{display:none}`).join('');
const had = fs.readFileSync(css, 'utf8');
fs.writeFileSync(css, (had.includes(marker) ? had.slice(0, had.indexOf(marker)) : had) + marker + rules + '\n');
// The loader, the stylesheet and theme.js are requested at once, from the
// top of the head: Chromium's preload scanner stops at a <meta> CSP
// (crbug.com/1458493), and the loader is a script the parser waits for, so
// the stylesheet and theme.js were requested only once the loader had
// arrived, a round trip later (with Lighthouse's phone profile applied, the
// head painted 0.7 s later). Only this folder's files that the head below
// loads, each of which the policy allows (tests/browser/csp.test.mjs).
html = html.replace(/<link rel="preload"[^>]*>/g, '');
const head = html.slice(0, html.indexOf('</head>'));
const preloads = [...head.matchAll(/<script src="(\.\/[^"]+\.js)"><\/script>|<link rel="stylesheet" href="(\.\/[^"]+\.css)"\/?>/g)]
  .map((m) => (m[1] ? `<link rel="preload" href="${m[1]}" as="script">` : `<link rel="preload" href="${m[2]}" as="style">`));
if (preloads.length !== 3) fail(`index.html's head loads ${preloads.length} files, not the loader, the stylesheet and theme.js`);
html = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  ${preloads.join('')}`);
// Its comments are for whoever reads www/index.html, not for the browser,
// which fetches them before the first paint (0.5 KB brotli).
html = html.replace(/<!--[\s\S]*?-->\n?/g, '');
fs.writeFileSync(indexPath, html);

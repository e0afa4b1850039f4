// Each topic's benchmark engine in wasm, as the browser's build compiles it
// (opt-level "z", then wasm-opt -Oz), beside the same engines natively: a
// quick look at a hot loop's change without building the app (the
// benchmark, scripts/bench.sh, times them in the page).
//
//   node scripts/engines-wasm.mjs
//
// It builds examples/engines_wasm.rs for wasm32 (profile wasm-release) and
// natively (release), runs each engine five times in both and prints the
// best of each and their ratio.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const target = process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target');
run('cargo', ['build', '--quiet', '--profile', 'wasm-release', '--target', 'wasm32-unknown-unknown', '--example', 'engines_wasm']);
const built = path.join(target, 'wasm32-unknown-unknown', 'wasm-release', 'examples', 'engines_wasm.wasm');
const opt = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fleetlab-engines-')), 'engines.wasm');
run(path.join(ROOT, 'node_modules', '.bin', 'wasm-opt'), ['-Oz', built, '-o', opt]);

const mod = await WebAssembly.compile(fs.readFileSync(opt));
const imports = {};
for (const im of WebAssembly.Module.imports(mod)) {
  imports[im.module] ??= {};
  // No engine calls out of the module; an import called would be a bug here.
  imports[im.module][im.name] = () => { throw new Error(`an engine called ${im.module}.${im.name}`); };
}
const { exports: x } = await WebAssembly.instantiate(mod, imports);
const native = run('cargo', ['run', '--quiet', '--release', '--example', 'engines_wasm'])
  .trim().split('\n').map((l) => l.split('\t'));
console.log('| engine | unit | wasm | native | native ÷ wasm |\n|---|---|---:|---:|---:|');
for (let i = 0; x.engine_n(i) > 0; i++) {
  const n = x.engine_n(i);
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    x.engine_run(i, n, 1);
    best = Math.min(best, performance.now() - t);
  }
  const wasm = n / best / 1e3;
  const [, id, unit, nat] = native[i];
  console.log(`| ${id} | ${unit} | ${wasm.toFixed(2)} M/s | ${Number(nat).toFixed(2)} M/s | ${(Number(nat) / wasm).toFixed(2)}× |`);
}
fs.rmSync(path.dirname(opt), { recursive: true, force: true });

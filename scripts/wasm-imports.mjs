// Shortens the names a page build's wasm imports from its glue
// (scripts/pages.mjs runs it on each page build's first part).
//
// wasm-bindgen names every import after its function and a 16-digit hash
// (`__wbg_setAttribute_2a8f647a8d92c712`), and the glue defines each under
// that name: about 200 imports, whose hashes no compressor can shrink, sent
// twice before the first paint (the wasm's import section and the glue's
// import object), about 5 KB brotli on every page. Binaryen's
// `--minify-imports` renames only `env` imports, and its
// `--minify-imports-and-exports-and-modules` renames the exports too, which
// the glue and the part's loader read by name; so this renames the imports
// of the glue's module alone, to the shortest names, in the wasm and in the
// glue, and checks both: each old name is defined once in the glue, and the
// rewritten module compiles and imports exactly the new names.
import { Buffer } from 'node:buffer';

/** An unsigned LEB128 at `at`: [value, the offset after it]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 127) * 2 ** shift;
    shift += 7;
  } while (byte & 128);
  return [value, at];
}

function uleb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value) byte |= 128;
    out.push(byte);
  } while (value);
  return Buffer.from(out);
}

const name = (text) => Buffer.concat([uleb(Buffer.byteLength(text)), Buffer.from(text, 'utf8')]);

/** The n-th shortest JavaScript identifier: a…z, A…Z, _, $, then two characters, … */
function identifier(n) {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$';
  const rest = `${first}0123456789`;
  let out = first[n % first.length];
  n = Math.floor(n / first.length);
  while (n > 0) {
    n -= 1;
    out += rest[n % rest.length];
    n = Math.floor(n / rest.length);
  }
  return out;
}

/** The end of an import's description that starts (its kind byte) at `at`. */
function skipDescription(bytes, at) {
  const kind = bytes[at++];
  const limits = (i) => {
    const flags = bytes[i++];
    [, i] = leb(bytes, i);
    if (flags & 1) [, i] = leb(bytes, i);
    return i;
  };
  switch (kind) {
    case 0: return leb(bytes, at)[1]; // function: its type index
    case 1: return limits(at + 1); // table: element type, limits
    case 2: return limits(at); // memory: limits
    case 3: return at + 2; // global: value type, mutability
    case 4: return leb(bytes, at + 1)[1]; // tag: attribute, type index
    default: throw new Error(`an import of unknown kind ${kind}`);
  }
}

/**
 * `wasm` (bytes) with the imports of `module` renamed to the shortest
 * names, the module to `a`, and `glue` (wasm-bindgen's `--target web`
 * script, before minifying) with the same names; `{ wasm, glue, renamed }`.
 */
export function shortenImports(wasm, glue, module) {
  let at = 8;
  let section = null;
  while (at < wasm.length) {
    const id = wasm[at];
    const [length, start] = leb(wasm, at + 1);
    if (id === 2) section = { head: at, start, end: start + length };
    at = start + length;
  }
  if (!section) throw new Error('the wasm imports nothing');
  let [count, i] = leb(wasm, section.start);
  const body = [uleb(count)];
  const renamed = new Map();
  for (let k = 0; k < count; k++) {
    let length;
    [length, i] = leb(wasm, i);
    const from = wasm.toString('utf8', i, i + length);
    i += length;
    [length, i] = leb(wasm, i);
    const field = wasm.toString('utf8', i, i + length);
    i += length;
    const description = i;
    i = skipDescription(wasm, i);
    if (from === module) {
      if (!renamed.has(field)) renamed.set(field, identifier(renamed.size));
      body.push(name('a'), name(renamed.get(field)));
    } else {
      body.push(name(from), name(field));
    }
    body.push(wasm.subarray(description, i));
  }
  if (i !== section.end) throw new Error('the import section did not parse to its end');
  const imports = Buffer.concat(body);
  const out = Buffer.concat([wasm.subarray(0, section.head), Buffer.from([2]), uleb(imports.length), imports, wasm.subarray(section.end)]);

  let text = glue;
  for (const [from, to] of renamed) {
    // Each is a key of the glue's import object, `NAME: function(…`.
    const key = new RegExp(`(?<![\\w$])${from.replace(/\$/g, '\\$')}(?=\\s*:)`, 'g');
    const hits = text.match(key)?.length ?? 0;
    if (hits !== 1) throw new Error(`the glue defines the import ${from} ${hits} times, not once`);
    if (text.split(from).length !== 2) throw new Error(`the glue names the import ${from} outside its import object`);
    text = text.replace(key, to);
  }
  const moduleKey = `${JSON.stringify(module)}: import0`;
  if (text.split(moduleKey).length !== 2) throw new Error(`the glue does not give ${module}'s imports once, as ${moduleKey}`);
  text = text.replace(moduleKey, '"a": import0');

  const got = WebAssembly.Module.imports(new WebAssembly.Module(out)).filter((x) => x.module === 'a').map((x) => x.name);
  const want = [...renamed.values()];
  if (got.length !== want.length || got.some((x) => !want.includes(x))) throw new Error('the rewritten wasm does not import the new names');
  return { wasm: out, glue: text, renamed: renamed.size };
}

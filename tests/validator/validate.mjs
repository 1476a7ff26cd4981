// Validates .glb / .gltf files with the Khronos glTF-Validator (npm gltf-validator).
//   node tests/validator/validate.mjs FILE...
// Prints one line per file, "path: E errors, W warnings, I infos, H hints", then each error
// and warning. Exits 1 when any file has an error or a warning (or cannot be validated),
// 2 on usage errors. Install first: npm ci --prefix tests/validator
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let validator;
try {
  validator = require('gltf-validator');
} catch {
  console.error('gltf-validator is not installed: run `npm ci --prefix tests/validator`');
  process.exit(2);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tests/validator/validate.mjs FILE.glb|FILE.gltf...');
  process.exit(2);
}

const SEVERITY = ['ERROR', 'WARNING', 'INFO', 'HINT'];
let failed = false;
for (const file of files) {
  try {
    const bytes = new Uint8Array(await readFile(file));
    const report = await validator.validateBytes(bytes, {
      uri: path.basename(file),
      maxIssues: 0,
      writeTimestamp: false,
      externalResourceFunction: async (uri) =>
        new Uint8Array(await readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)))),
    });
    const i = report.issues;
    console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ` +
                `${i.numInfos} infos, ${i.numHints} hints`);
    for (const m of i.messages) {
      if (m.severity > 1) continue;
      const where = m.pointer ?? (m.offset !== undefined ? `@${m.offset}` : '');
      console.log(`  ${SEVERITY[m.severity]} ${m.code} ${where}: ${m.message}`);
    }
    if (i.numErrors > 0 || i.numWarnings > 0) failed = true;
  } catch (e) {
    console.log(`${file}: cannot validate: ${e}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

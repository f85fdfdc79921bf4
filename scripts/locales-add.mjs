#!/usr/bin/env node
// Merges a fragment of translations into locales/en.json and locales/zh.json in one quick
// read-modify-write per file, so several people can add keys without clobbering each other.
// Usage: node scripts/locales-add.mjs fragment.json   where fragment.json is {"en": {...}, "zh": {...}}
// Existing keys are overwritten by the fragment's values; keys are kept sorted.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      target[k] = merge(target[k] && typeof target[k] === 'object' ? target[k] : {}, v);
    else target[k] = v;
  }
  return target;
}
function sort(obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, sort(obj[k])]),
  );
}
for (const lang of Object.keys(fragment)) {
  const file = resolve(root, 'locales', `${lang}.json`);
  let current = {};
  try {
    current = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* new file */
  }
  writeFileSync(file, `${JSON.stringify(sort(merge(current, fragment[lang])), null, 2)}\n`);
  console.log(`merged into locales/${lang}.json`);
}

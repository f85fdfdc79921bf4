/**
 * Base58 (bitcoin alphabet) with the multibase `z` prefix, as the platform's keys and DID Connect claims carry bytes
 * (`appPk`, `userPk`, a signature claim's `origin`).
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function toBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return `z${out}`;
}

export function fromBase58(text: string): Uint8Array {
  const body = text.startsWith('z') ? text.slice(1) : text;
  let n = 0n;
  for (const c of body) {
    const i = ALPHABET.indexOf(c);
    if (i < 0) throw new Error('Not base58');
    n = n * 58n + BigInt(i);
  }
  const out: number[] = [];
  while (n > 0n) {
    out.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const c of body) {
    if (c !== '1') break;
    out.unshift(0);
  }
  return Uint8Array.from(out);
}

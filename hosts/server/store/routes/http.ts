/** Reading the store API's query parameters (HTTP only; bad input is a 400). */
import type { Request } from 'express';
import { HttpError } from '../../platform.ts';
import { integer } from '../../validate.ts';

export function str(req: Request, key: string): string | undefined {
  const v = req.query[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be a single value`);
  return v;
}

export function int(req: Request, key: string, dflt: number, min: number, max: number): number {
  const v = str(req, key);
  return v === undefined ? dflt : integer(v, key, { min, max });
}

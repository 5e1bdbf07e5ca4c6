/**
 * The shape of a JSON request body, read from its text before anything parses or walks it: how
 * deeply it nests and how many values it holds. No request of the shop nests more than a few
 * levels (an order's customer's address) or holds more than a few hundred values, so a body past
 * these limits is refused as a bad request before any route, authentication included, runs; every
 * later walk over a parsed body is therefore bounded too.
 */
import { HttpProblem } from './errors.ts';

/** The deepest nesting of arrays and objects a JSON body may have. */
export const JSON_MAX_DEPTH = 32;
/** The most values (scalars, arrays, objects) a JSON body may hold. */
export const JSON_MAX_VALUES = 10_000;

export interface JsonLimits {
  maxDepth: number;
  maxValues: number;
}

export type JsonShapeProblem = 'tooDeep' | 'tooManyValues';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Whether the text, read as JSON, nests deeper or holds more values than the limits allow; null
 * when it does not (or is not JSON at all: parsing says so). One pass over the characters, no
 * parsing: brackets inside strings do not count. A value is counted at each opening bracket and
 * each comma, which is at least the values there are less one per container.
 */
export function jsonShapeProblem(text: string, limits: JsonLimits = { maxDepth: JSON_MAX_DEPTH, maxValues: JSON_MAX_VALUES }): JsonShapeProblem | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
      continue;
    }
    switch (ch) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        depth++;
        if (depth > limits.maxDepth) return 'tooDeep';
        values++;
        if (values > limits.maxValues) return 'tooManyValues';
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        depth--;
        break;
      case COMMA:
        values++;
        if (values > limits.maxValues) return 'tooManyValues';
        break;
    }
  }
  return null;
}

const DETAIL: Record<JsonShapeProblem, string> = {
  tooDeep: `The request body nests too deeply: its JSON may have at most ${JSON_MAX_DEPTH} levels of arrays and objects.`,
  tooManyValues: `The request body holds too many values: its JSON may hold at most ${JSON_MAX_VALUES}.`,
};

/** The 400 problem for a body past the limits (the shop's own limits, named in its detail). */
export function jsonShapeRefusal(problem: JsonShapeProblem): HttpProblem {
  return new HttpProblem(400, 'Bad request', DETAIL[problem], { type: problem === 'tooDeep' ? 'json-too-deep' : 'json-too-many-values' });
}

/** Throws the 400 problem when the text, read as JSON, is past the limits. */
export function refuseUnwieldyJson(text: string): void {
  const problem = jsonShapeProblem(text);
  if (problem !== null) throw jsonShapeRefusal(problem);
}

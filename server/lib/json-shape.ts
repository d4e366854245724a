/**
 * A cheap look at a JSON body's structure while it arrives (docs/decisions/0061-json-bodies-of-a-known-shape.md).
 * Every body the API takes is a few levels deep, and almost all of it is strings (a picture in
 * base64, a file, names); what lies outside strings is small. A body that is deep, or mostly
 * numbers, brackets and commas, is what makes JSON.parse slow, so it is refused before it is
 * parsed, and before the rest of it is read: the scan jumps over each string with the buffer's own
 * indexOf and stops at the first bound passed.
 *
 * It reads bytes: in UTF-8 a quote or a backslash never occurs inside another character, so a
 * chunk may end anywhere.
 */

export interface JsonShapeLimits {
  /** Arrays and objects inside each other. */
  maxDepth: number;
  /** Bytes outside strings: brackets, commas, colons, numbers, literals and white space. */
  maxStructure: number;
}

/** The largest real bodies: an operation with payers and parts is 4 deep; 500 contacts about 5,000 structural bytes. */
export const JSON_SHAPE_LIMITS: JsonShapeLimits = { maxDepth: 16, maxStructure: 64 * 1024 };

export type JsonShapeProblem = 'too_deep' | 'too_much_structure' | null;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Follows one body chunk by chunk; `feed` answers the first bound passed, or null so far. */
export class JsonShapeScanner {
  private depth = 0;
  private structure = 0;
  private inString = false;
  /** The last chunk ended on a backslash inside a string: the next byte is escaped. */
  private escapePending = false;

  constructor(private readonly limits: JsonShapeLimits = JSON_SHAPE_LIMITS) {}

  feed(chunk: Uint8Array): JsonShapeProblem {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let i = 0;
    // Where the next quote and backslash at or after i are (-1: none in this chunk), each found
    // again only once passed, so a string of many escapes is still one pass over the chunk.
    let quote = -2;
    let backslash = -2;
    if (this.escapePending && bytes.length > 0) {
      this.escapePending = false;
      i = 1;
    }
    while (i < bytes.length) {
      if (this.inString) {
        if (quote !== -1 && quote < i) quote = bytes.indexOf(QUOTE, i);
        if (backslash !== -1 && backslash < i) backslash = bytes.indexOf(BACKSLASH, i);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          if (backslash + 1 >= bytes.length) this.escapePending = true;
          i = backslash + 2;
          continue;
        }
        if (quote === -1) return null;
        this.inString = false;
        i = quote + 1;
        continue;
      }
      const c = bytes[i]!;
      i += 1;
      if (c === QUOTE) {
        this.inString = true;
        continue;
      }
      this.structure += 1;
      if (this.structure > this.limits.maxStructure) return 'too_much_structure';
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        this.depth += 1;
        if (this.depth > this.limits.maxDepth) return 'too_deep';
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        this.depth -= 1;
      }
    }
    return null;
  }
}

/**
 * The first bound a whole body passes, or null. Malformed JSON is not judged here: JSON.parse
 * refuses it afterwards, at no more cost than the scan allowed.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = JSON_SHAPE_LIMITS): JsonShapeProblem {
  return new JsonShapeScanner(limits).feed(Buffer.from(text));
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonShapeScanner, jsonShapeProblem } from './json-shape';

const limits = { maxDepth: 4, maxStructure: 40 };

describe('jsonShapeProblem', () => {
  it('passes real bodies and counts nothing inside strings', () => {
    expect(jsonShapeProblem('{"a":[{"b":1}]}', limits)).toBeNull();
    expect(jsonShapeProblem(`{"a":"${'[,:'.repeat(1000)}"}`, limits)).toBeNull();
    expect(jsonShapeProblem('{"a":"x\\"[[[[[[\\\\"}', limits)).toBeNull();
  });

  it('names the first bound passed', () => {
    expect(jsonShapeProblem('[[[[[]]]]]', limits)).toBe('too_deep');
    expect(jsonShapeProblem(`[${'1,'.repeat(30)}1]`, limits)).toBe('too_much_structure');
    // An escaped backslash before a quote closes the string: what follows is structure again.
    expect(jsonShapeProblem('{"a":"\\\\",' + '"b":[[[[[1]]]]]}', limits)).toBe('too_deep');
  });

  it('agrees with JSON.parse on the depth of any value it passes', () => {
    const depthOf = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        const problem = jsonShapeProblem(text, { maxDepth: 5, maxStructure: 1e9 });
        expect(problem === 'too_deep').toBe(depthOf(value) > 5);
      }),
    );
  });

  it('gives the same answer wherever the body is cut into chunks', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 7 }), fc.nat(), fc.nat(), (value, a, b) => {
        const bytes = Buffer.from(JSON.stringify(value));
        const [cut1, cut2] = [a % (bytes.length + 1), b % (bytes.length + 1)].sort((x, y) => x - y);
        const small = { maxDepth: 4, maxStructure: 60 };
        const scanner = new JsonShapeScanner(small);
        const pieces = [bytes.subarray(0, cut1), bytes.subarray(cut1, cut2), bytes.subarray(cut2)];
        let chunked = null as ReturnType<typeof jsonShapeProblem>;
        for (const piece of pieces) chunked ??= scanner.feed(piece);
        expect(chunked).toBe(jsonShapeProblem(bytes.toString(), small));
      }),
    );
  });

  it('passes a string of a million escapes in one pass', () => {
    const started = performance.now();
    expect(jsonShapeProblem(`{"file":"${'x\\n'.repeat(1_000_000)}"}`)).toBeNull();
    // Quadratic work would take minutes here; one pass takes milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

import { describe, expect, it } from 'vitest';
import { isSafeText, userText } from './common';

describe('text a person typed', () => {
  it('takes any script, emoji and line breaks', () => {
    for (const text of ['Анна Петрова', 'Dinner 🍝 at Nino’s', 'line one\nline two\ttab', '👨\u200D👩\u200D👧', 'عشاء', '']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and other controls, lone surrogates and direction overrides', () => {
    for (const text of [
      'a\u0000b',
      'bell\u0007',
      'esc\u001B[31m',
      'del\u007F',
      'lone \uD83D',
      'lone \uDE00 low',
      'invoice\u202Etxt.exe',
      'isolate\u2066x\u2069',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
    expect(userText(10).safeParse('ok').success).toBe(true);
    expect(userText(10).safeParse('n\u0000ul').success).toBe(false);
    expect(userText(3).safeParse('long').success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { flowMessages } from '../../../src/client/pages/flow/flow-messages';

// The leave handle screen starts its comment with commentDefault: an English console must not prefill 同意.
describe('workflow screens in English', () => {
  it('hold no Chinese text', () => {
    const chinese = Object.entries(flowMessages.en).filter(([, text]) => /[\u4e00-\u9fff]/.test(String(text)));
    expect(chinese).toEqual([]);
  });
});

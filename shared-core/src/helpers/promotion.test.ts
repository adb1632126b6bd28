import { describe, expect, it } from 'vitest';
import { promotionOf } from './promotion';

describe('promotionOf', () => {
  it('shows an allowed link, framed as far as the page can tell', () => {
    expect(promotionOf('https://promo.example/p', ['https://promo.example'], () => true)).toEqual({
      url: 'https://promo.example/p',
      refused: false,
      framable: true,
    });
    expect(promotionOf('https://promo.example/p', ['https://promo.example'], () => false)).toEqual({
      url: 'https://promo.example/p',
      refused: false,
      framable: false,
    });
  });
  it('refuses a link off the allow-list or in disguise', () => {
    expect(promotionOf('https://elsewhere.example/p', ['https://promo.example'], () => true)).toEqual({
      url: null,
      refused: true,
      framable: false,
    });
    expect(promotionOf('javascript:alert(1)', ['https://promo.example'], () => true)).toEqual({
      url: null,
      refused: true,
      framable: false,
    });
  });
});

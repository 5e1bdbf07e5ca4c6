import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrencyFlag } from './currency-flag.tsx';

describe('CurrencyFlag', () => {
  it('is decorative: hidden from screen readers, naming the country it stands for', () => {
    const { container } = render(<CurrencyFlag code="EUR" />);
    const flag = container.firstElementChild;
    expect(flag).toHaveAttribute('aria-hidden', 'true');
    expect(flag).toHaveAttribute('data-country', 'EU');
  });

  it('where flag emoji are not drawn, shows the country letters on a badge', () => {
    const { container } = render(<CurrencyFlag code="USD" />);
    expect(container.textContent).toBe('US');
  });

  it('draws nothing for a currency without a country', () => {
    const { container } = render(<CurrencyFlag code="XAU" />);
    expect(container).toBeEmptyDOMElement();
  });
});

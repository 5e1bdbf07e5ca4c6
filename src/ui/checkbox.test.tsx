import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('toggles and reports the new value', async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>I accept the terms</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(box).toBeChecked();
  });

  it('is described by its error and marked invalid', () => {
    render(<Checkbox error="Please accept the terms and conditions">I accept the terms</Checkbox>);
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAccessibleDescription('Please accept the terms and conditions');
    expect(box).toBeInvalid();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Radio, RadioGroup } from './radio-group.tsx';

function Guarantee(props: { error?: string; onChange?: (v: string) => void; isDisabled?: boolean }) {
  return (
    <RadioGroup label="Buyback Guarantee" hint="For £4" {...props}>
      <Radio value="yes">Yes</Radio>
      <Radio value="no">No</Radio>
    </RadioGroup>
  );
}

describe('RadioGroup', () => {
  it('is a labelled group whose options report the chosen value', async () => {
    const onChange = vi.fn();
    render(<Guarantee onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Buyback Guarantee' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onChange).toHaveBeenCalledWith('no');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('announces its error with the group', () => {
    render(<Guarantee error="Please select your Buyback guarantee option" />);
    const group = screen.getByRole('radiogroup');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(group).toHaveAccessibleDescription(expect.stringContaining('Please select your Buyback guarantee option'));
  });

  it('disables every option', () => {
    render(<Guarantee isDisabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});

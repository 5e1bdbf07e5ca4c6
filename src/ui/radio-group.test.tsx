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

describe('RadioGroup keyboard', () => {
  it('is one tab stop; arrow keys move the choice and Tab leaves the group', async () => {
    const onChange = vi.fn();
    render(
      <>
        <RadioGroup label="Delivery option" value="1" onChange={onChange}>
          <Radio value="1">Home delivery</Radio>
          <Radio value="2">Click and collect</Radio>
        </RadioGroup>
        <button type="button">After</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Home delivery' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Click and collect' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('2');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('keeps its own choice when uncontrolled and skips a disabled option', async () => {
    render(
      <RadioGroup label="Size" defaultValue="s">
        <Radio value="s">Small</Radio>
        <Radio value="m" isDisabled>
          Medium
        </Radio>
        <Radio value="l" description="Costs more">
          Large
        </Radio>
      </RadioGroup>,
    );
    expect(screen.getByRole('radio', { name: 'Small' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Medium/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Large/ }));
    expect(screen.getByRole('radio', { name: /Large/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Large/ })).toHaveAccessibleDescription('Costs more');
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
  });
});
